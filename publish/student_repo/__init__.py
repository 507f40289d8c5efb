"""Builds the student repository: one git branch per stage, each holding only what students may see.

Run through ``./course publish --out DIR``; see publish/README.md for the flow and the rules.
"""
