"""The push section of scripts/bench/add: `pm add` with a remote set (the push inside
the command), the prototype's add with the push handed to `pm sync` started detached, and `pm add`
without a remote, interleaved run by run (so that the machine's drift falls on all alike), each a
whole process timed from its start to its exit; for the detached push also the time from the
command's start to the end of the push it started, collected as an orphan (this script is a
child subreaper). Prints medians and the ratios. Python standard library only.
With --terminal every command's standard streams are a pseudo-terminal, as at a shell prompt
(where `pm` hands its push to a process of its own); without, /dev/null and pipes, as in a script.
  push_timing.py [--terminal] RUNS NAME=COMMAND... (a NAME ending in "detached" is waited for twice)
"""

import ctypes
import fcntl
import shlex
import os
import pty
import statistics
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def parse(command):
    """The environment and the arguments of COMMAND, its leading VAR=VALUE words set in the environment."""
    words = shlex.split(command)
    environment = dict(os.environ)
    while words and "=" in words[0] and not words[0].startswith("/"):
        key, value = words.pop(0).split("=", 1)
        environment[key] = value
    return environment, words


def start(command, terminal):
    """Starts COMMAND with its output thrown away, on a new pseudo-terminal when `terminal`;
    returns the process and the terminal's master side (or None)."""
    if not terminal:
        return subprocess.Popen(command[1], env=command[0], stdout=subprocess.DEVNULL), None
    master, slave = pty.openpty()
    fcntl.fcntl(master, fcntl.F_SETFL, os.O_NONBLOCK)
    process = subprocess.Popen(command[1], env=command[0], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    return process, master


def drain(master):
    """Reads what the terminal holds, so that no run fills it, and closes it."""
    try:
        while os.read(master, 65536):
            pass
    except OSError:
        pass
    os.close(master)


def main():
    arguments = sys.argv[1:]
    terminal = arguments[:1] == ["--terminal"]
    arguments = arguments[1:] if terminal else arguments
    runs = int(arguments[0])
    commands = [(name, parse(command)) for name, command in (a.split("=", 1) for a in arguments[1:])]
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise SystemExit("push_timing.py: prctl(PR_SET_CHILD_SUBREAPER) failed")
    walls = {name: [] for name, _ in commands}
    cpus = {name: [] for name, _ in commands}
    pushed = []
    for run in range(runs + 3):
        for name, command in commands:
            started = time.perf_counter()
            process, master = start(command, terminal)
            _, status, usage = os.wait4(process.pid, 0)
            wall = time.perf_counter() - started
            if status != 0:
                raise SystemExit("push_timing.py: %s exited with %d" % (name, status))
            if name.endswith("detached"):
                _, status, push_usage = os.wait4(-1, 0)
                if status != 0:
                    raise SystemExit("push_timing.py: the detached push of %s exited with %d" % (name, status))
                if run >= 3:
                    pushed.append((time.perf_counter() - started) * 1000)
            if master is not None:
                drain(master)
            if run >= 3:
                walls[name].append(wall * 1000)
                cpus[name].append((usage.ru_utime + usage.ru_stime) * 1000)
    for name, _ in commands:
        print("%-34s wall median %6.2f ms (mean %6.2f)   CPU median %6.2f ms" % (
            name, statistics.median(walls[name]), statistics.mean(walls[name]), statistics.median(cpus[name])))
    if pushed:
        print("%-34s median %6.2f ms from the command's start to the push's end" % ("detached push", statistics.median(pushed)))
    names = [name for name, _ in commands]
    base = statistics.median(walls[names[-1]])
    for name in names[:-1]:
        print("ratio %s / %s: %.2f" % (name, names[-1], statistics.median(walls[name]) / base))


if __name__ == "__main__":
    main()
