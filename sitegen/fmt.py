"""Formatting numbers and names for pages."""

import html
import re
import unicodedata

DASH = "—"


def ms(value) -> str:
    """Latency in ms with about four significant digits."""
    if value is None:
        return DASH
    if value < 10:
        return f"{value:.3f}"
    if value < 1000:
        return f"{value:.2f}"
    return f"{value:.0f}"


def rate(value) -> str:
    return DASH if value is None else f"{value:,.0f}".replace(",", "\u202f")


def percentile_name(p: float) -> str:
    return f"p{p:g}"


def signed_ms(value) -> str:
    return DASH if value is None else f"{value:+.3f}"


def signed_percent(value) -> str:
    return DASH if value is None else f"{value:+.1f}%"


def esc(text) -> str:
    return html.escape("" if text is None else str(text), quote=True)


def slug(text: str) -> str:
    """A URL-safe name: ASCII letters, digits and dashes; 'student' when nothing is left."""
    ascii_text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    s = re.sub(r"[^a-zA-Z0-9]+", "-", ascii_text).strip("-").lower()
    return s or "student"
