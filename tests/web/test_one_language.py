"""``i18n.one_language``: within the block, what is said is said in the language active at its
start, each message looked up once; outside it, Django's own lookups, as before."""

from __future__ import annotations

import threading

from django.conf import settings
from django.utils import translation

from companion.rules.cards import Card, Suit
from companion.rules.text import tr
from companion.tables import i18n

LANGUAGES = [code for code, _ in settings.LANGUAGES]
MESSAGES = ["See the rule", "Nothing was recorded.", "Trick %(number)s of %(total)s", "Cancel"]
JACK = Card(11, Suit.HEARTS)
TURNED_DOWN = "{card} was turned down: {player} names another suit or passes."


def _said() -> tuple[object, ...]:
    return (
        i18n.get_language(),
        [i18n.gettext(m) for m in MESSAGES],
        i18n.pgettext("card rank", "J"),
        i18n.card_label(JACK),
        i18n.say(tr(TURNED_DOWN, card=JACK, player="Ann")),
    )


def _django() -> tuple[object, ...]:
    return (
        translation.get_language(),
        [translation.gettext(m) for m in MESSAGES],
        translation.pgettext("card rank", "J"),
        translation.pgettext("card rank", "J") + Suit.HEARTS.symbol,
        translation.gettext(TURNED_DOWN).format(
            card=translation.pgettext("card rank", "J") + Suit.HEARTS.symbol, player="Ann"
        ),
    )


def test_a_block_says_everything_in_its_language_as_django_does() -> None:
    # Each language twice, in turn: what a block keeps for one language never reaches another.
    for language in [*LANGUAGES, *reversed(LANGUAGES)]:
        with translation.override(language):
            want = _django()
            with i18n.one_language():
                assert _said() == want  # looked up
                assert _said() == want  # kept
    with translation.override("fr"):
        assert i18n.gettext("See the rule") == "Voir la règle"  # the catalogue is really read


def test_the_block_s_language_is_the_language_of_all_it_says() -> None:
    i18n._said_in.pop("fr", None)  # nothing kept yet for French
    with translation.override("fr"), i18n.one_language():
        with translation.override("de"):  # not done in the app: the block's language wins
            i18n.gettext("Nothing was recorded.")  # first looked up here
            assert i18n.card_label(JACK) == "V♥"
            assert i18n.get_language() == "fr"
        assert i18n.gettext("Nothing was recorded.") == translation.gettext("Nothing was recorded.")


def test_outside_a_block_each_call_follows_the_active_language() -> None:
    for language in LANGUAGES:
        with translation.override(language):
            assert _said() == _django()


def test_a_block_belongs_to_its_own_thread() -> None:
    seen: list[object] = []
    with translation.override("fr"), i18n.one_language():

        def other() -> None:
            with translation.override("de"):
                seen.append(i18n.gettext("See the rule"))
                seen.append(translation.gettext("See the rule"))

        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        assert i18n.gettext("See the rule") == "Voir la règle"
    assert seen[0] == seen[1] != "Voir la règle"
    assert i18n._in_one.get() is None  # the block is over
