"""The README's pictures of the board: one board of Korean cards (the iPad apps the board follows
were tried with Korean cards), set up through a `pm` device so that Chromium and WebKit draw the
same board, and the sizes and colour schemes each engine is pictured at. Shared by
`test_board_pictures.py` (Chromium) and `Tests/webkit/test_pictures.py`; the tests write into
their own folder, and only scripts/docs/screenshots, which sets
PM_SCREENSHOTS, write docs/images/."""

import json
import os
import struct
from pathlib import Path

# CSS pixels, pictured at a device pixel ratio of 1 (the files stay small).
SIZES = {"phone": (390, 844), "ipad-portrait": (820, 1180), "ipad-landscape": (1180, 820)}
SCHEMES = ("light", "dark")

# Title, list, deadline, description.
CARDS = [
    ("분기 보고서 쓰기", "todo", "+7d", "매출 표 정리\n팀 리뷰 받기"),
    ("디자인 검토 회의", "todo", "+3d", "시안 세 가지를 비교하고 하나로 정하기"),
    ("부산 출장 일정 잡기", "todo", "+14d", "숙소와 기차표 예약, 지사 방문 시간 정하기"),
    ("로그인 오류 고치기", "doing", "tomorrow", "사파리에서 세션 쿠키가 사라지는 문제"),
    ("앱 아이콘 다듬기", "doing", "+5d", ""),
    ("1.0 출시", "done", "today", "릴리스 노트 공개"),
]


def seed(device) -> None:
    """Adds the cards on `device` (a harness `Device`), moves them to their lists and syncs."""
    for title, status, deadline, description in CARDS:
        options = ["--deadline", deadline] + (["--description", description] if description else [])
        added = json.loads(device.pm("add", title, *options, "--json").stdout)
        if status != "todo":
            device.pm("move", added["id"], status)
    device.sync()


def folder(tmp_path: Path) -> Path:
    """Where the pictures go: PM_SCREENSHOTS (the docs scripts), else the test's own folder."""
    path = Path(os.environ.get("PM_SCREENSHOTS") or tmp_path)
    path.mkdir(parents=True, exist_ok=True)
    return path


def name(engine: str, size: str, scheme: str) -> str:
    return f"board-{engine}-{size}-{scheme}.png"


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    return struct.unpack(">II", path.read_bytes()[16:24])
