"""Modules: each one a piece of the game that fills the engine's named moments.

A module is `modules/<name>.py` (+ `data/<name>.toml` for its cards): it registers its
abilities, move kinds, decisions, follow-ups, marks and - for an expansion - its option with
`register_expansion`. The base game's special cards that need more than numbers live here too
(the Observatory, the Pub). docs/architecture.md lists the registration calls.
"""

from . import observatory, pub

__all__ = ["observatory", "pub"]
