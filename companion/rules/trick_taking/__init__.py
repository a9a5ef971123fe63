"""Trick-taking games and the helpers they share."""
