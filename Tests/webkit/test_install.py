"""The board as an iPad app in Safari's engine: the page links its manifest and Home Screen icon
and WebKit is served them with the right types, and the board asks WebKit to keep its storage and
the help panel shows the answer. (The README's pictures are test_pictures.py's.) What only a real
iPad can show is listed in docs/ipad.md."""


# Fetched by the page itself, as WebKit asks for them: the type and the first bytes.
FETCH = """const [path, done] = [arguments[0], arguments[arguments.length - 1]];
fetch(path).then(async (r) => done([r.status, r.headers.get('content-type'), [...new Uint8Array(await r.arrayBuffer()).slice(0, 4)]]),
                 (e) => done(String(e)));"""


def test_given_the_board_in_webkit_then_its_manifest_and_home_screen_icon_are_linked_and_served(board):
    manifest = board.execute("return document.querySelector('link[rel=manifest]').getAttribute('href')")
    icon = board.execute("return document.querySelector('link[rel=apple-touch-icon]').getAttribute('href')")
    assert board.execute("return document.querySelector('meta[name=viewport]').content").endswith("viewport-fit=cover")
    status, kind, _ = board.execute_async(FETCH, manifest)
    assert (status, kind) == (200, "application/manifest+json")
    status, kind, magic = board.execute_async(FETCH, icon)
    assert (status, kind, magic) == (200, "image/png", [0x89, 0x50, 0x4E, 0x47])


def test_given_a_signed_in_board_in_webkit_then_the_help_panel_shows_what_webkit_answered_about_keeping_storage(board):
    board.find("#show-help").click()
    answer = board.wait(
        "an answer about storage",
        lambda: (lambda value: value if value != "asking" else None)(
            board.execute("return document.getElementById('storage-status').dataset.storage")
        ),
    )
    persisted = board.execute_async(
        "const done = arguments[0]; navigator.storage?.persisted ? navigator.storage.persisted().then(done, () => done(null)) : done(null);"
    )
    expected = {True: "kept", False: "not kept", None: "unknown"}[persisted]
    assert answer == expected
    assert "Every change has been sent." in board.find("#storage-status").text
