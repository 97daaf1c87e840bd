import re


def valid(text):
    """One integer 1 <= n <= 2e9 on one line."""
    if not re.fullmatch(r"[1-9][0-9]*\n", text):
        return False
    return int(text) <= 2_000_000_000
