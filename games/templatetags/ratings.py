"""Showing ratings: the conservative number with one decimal (in the page's number format),
a change with its sign, and a rating looked up by seat or member."""

from django import template
from django.template.defaultfilters import floatformat

register = template.Library()


@register.filter
def rating(value) -> str:
    """12.3; a dash for a member without a rating yet."""
    if value is None or value == "":
        return "–"
    shown = floatformat(value, 1)
    return "−" + shown[1:] if shown.startswith("-") else shown


@register.filter
def rating_change(value) -> str:
    """+1.2, 0.8 with a minus sign, or 0.0 with a plus-minus sign (rounded to one decimal)."""
    if value is None or value == "":
        return ""
    shown = floatformat(abs(value), 1)
    if shown.strip("0,.") == "":
        return f"±{shown}"
    return f"+{shown}" if value > 0 else f"−{shown}"


@register.filter
def rating_of(ratings: dict, key) -> float | None:
    """`ratings[key]` or None: `{{ seat_ratings|rating_of:p.seat }}`."""
    return (ratings or {}).get(key)


@register.filter
def share(part: float) -> str:
    """0.375 as "38 %"."""
    return f"{round(100 * part)} %"
