"""What the play-by-play forms of turn-taking games share (Big Three, Bastard): the player on
turn, carried in a hidden field and named in the form's heading."""

from __future__ import annotations

from django import forms

from .base import EntryForm


class TurnForm(EntryForm):
    """A form for the player whose turn it is; subclasses add their fields after ``build``."""

    seat: int

    def build(self) -> None:
        hand = getattr(self.state, "hand", None)
        self.seat = int(hand.turn) if hand is not None else 0
        self.fields["seat"] = forms.TypedChoiceField(
            choices=self.seat_choices(), coerce=int, widget=forms.HiddenInput, initial=self.seat
        )

    def name(self) -> str:
        return str(self.rules.names[self.seat])
