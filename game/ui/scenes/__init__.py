"""Scenes of the window: picker, match, end."""
