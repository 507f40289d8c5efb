"""Markdown generators, one module per kind of generated page."""
