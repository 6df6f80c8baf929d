"""Lines in and out of the terminal for `fawn chat`.

At a terminal a line is read in a thread of its own, so the event loop goes on meanwhile: what the bot
sends by itself (a reminder, the evening summary) is printed while someone is typing, above the prompt,
which is shown again with what was typed so far. Piped input (tests, `fawn chat < lines.txt`) is read on
the loop and echoed after its prompt, so a transcript reads like a conversation.
"""
from __future__ import annotations

import asyncio
import sys
import threading

try:                       # line editing, and no 4 KB cap on a pasted line (not on Windows)
    import readline
except ImportError:        # pragma: no cover
    readline = None
try:
    import termios
except ImportError:        # pragma: no cover
    termios = None


class Terminal:
    def __init__(self) -> None:
        self._prompt: str | None = None        # the prompt being shown while a line is read
        self._modes = _modes()                 # the terminal as it was: put back however the chat ends

    def close(self) -> None:
        """The terminal as it was before (a line being read when Ctrl-C came leaves it without echo)."""
        if self._modes is not None:
            termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, self._modes)

    async def read(self, prompt: str) -> str | None:
        """The next line typed (None at the end of input)."""
        if not sys.stdin.isatty():
            return read_line(prompt)
        loop = asyncio.get_running_loop()
        typed: asyncio.Future[str | None] = loop.create_future()

        def give(line: str | None) -> None:
            if not typed.done():
                typed.set_result(line)

        def read() -> None:
            try:
                line: str | None = input(prompt)
            except (EOFError, OSError, ValueError):
                line = None
            loop.call_soon_threadsafe(give, line)

        self._prompt = prompt
        threading.Thread(target=read, name="fawn-chat-input", daemon=True).start()
        try:
            return await typed
        finally:
            self._prompt = None

    def show(self, lines: str) -> None:
        """Print above the prompt being shown (if any), then show the prompt again with what was typed."""
        if self._prompt is None:
            print(lines, flush=True)
            return
        typed = readline.get_line_buffer() if readline is not None else ""
        sys.stdout.write(f"\r\x1b[K{lines}\n{self._prompt}{typed}")
        sys.stdout.flush()


def read_line(prompt: str) -> str | None:
    """One line, blocking: at a terminal with its prompt; piped, echoed after the prompt."""
    try:
        if sys.stdin.isatty():
            return input(prompt)
        line = sys.stdin.readline()
        if not line:
            return None
        print(f"{prompt}{line.rstrip()}")
        return line
    except EOFError:
        return None


def _modes() -> list | None:
    if termios is None or not sys.stdin.isatty():
        return None
    try:
        return termios.tcgetattr(sys.stdin.fileno())
    except (termios.error, OSError, ValueError):
        return None
