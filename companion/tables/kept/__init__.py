"""What a request reuses from the requests before it, in one place.

The log is the truth; everything here is a value made from it, or from the code, kept so
that the next request need not make it again. A kept value is handed out for any request
whose key is the same, so each key names everything its value is made from (docs/kept.md is
the table of them; ``tests/web/test_kept_keys.py`` changes each input in turn and checks that
what comes back is what a worker that had kept nothing makes).

Kept in Django's caches (``cache.ObjectCache`` in each process, bounded by
``COMPANION_KEPT_MB``: three quarters for replays, a quarter for pages; or one Redis server
shared by the app servers when ``COMPANION_CACHE_URL`` names it):

- ``replays``: each game's latest replay (``CACHES["replays"]``, a day after its last use),
  checked against the log's last entry on every read and caught up with what came since.
- ``pages``: rendered game pages and live fragments (``CACHES["pages"]``, an hour), by log
  position, table version, language, link and the request's choices.

Kept in each process's memory (bounded by count; emptied, or the least recently used let go,
when full):

- ``rows``: a history row's HTML (``rows._kept``) and an entry's line (``rows._lines``,
  through ``rows.kept_line``), the 4,000 most recently used of each.
- ``lines``: the group-chat summary's hand lines (``lines._HAND_LINES``, 20,000) and each
  history entry's line by its log row (``lines._TEXTS``, 5,000).
- ``screen``: the addresses the game screen links to (``screen.address``, 4,096), each
  game's hand-panel template (``screen.hand_template``), a state's reminders
  (``screen._REMINDERS``, 128) and the chart's running totals (``screen._RUNS``, 500).
- ``replays._KEYS``: a replay's cache key per game, rules, options and names (4,096).

The tools they are kept with: ``memo.kept`` and ``memo.kept_with`` (a dict emptied when full;
``kept_with`` holds the object a value was worked out from, so its ``id`` is not reused),
and ``cache.ObjectCache`` (Django's local-memory cache without the pickling, bounded by size).

Kept where they are made (their keys and bounds are in docs/kept.md too): a number's
and a message's translation (``tables.i18n._numbers``, ``_templates``), a trick form's card
grid, rank labels and short escaped texts (``tables.entry.base._GRIDS``, ``_SAID_RANKS``,
``_ESCAPED``), and in the engine a game's totals and parsed house options
(``rules.core._TOTALS``, ``_OPTIONS``).

The modules here import nothing from this package's ``__init__``: import the one you need
(``from companion.tables.kept import replays``).
"""
