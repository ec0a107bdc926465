"""The class service's database: class games, plays and every move, with SQLAlchemy.

SQLite in the hub's data folder by default (``sqlite:///hub-data/classes.sqlite``); any
SQLAlchemy URL (``postgresql://...``) when a class outgrows one machine. Three tables:

- ``class_games``: the teacher's settings and the game's **secret** (never sent anywhere);
- ``plays``: one per learner and class game: the engine's save of the game so far and what
  the teacher's table shows (score, the computer's, round, moves, over);
- ``moves``: every move as it is recorded, with the time (the play's history).

>>> store = Store("sqlite://")
>>> number = store.create(ClassGame(0, "penta", "official"), teacher="mme-curie")
>>> store.class_game(number).rules, len(store.secret(number))
('official', 32)
>>> store.play(number, "ada") is None
True
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from dicelab.classroom.dealer import new_secret
from dicelab.classroom.plays import ClassGame

__all__ = ["Play", "Store"]

_meta = sa.MetaData()
_class_games = sa.Table(
    "class_games",
    _meta,
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("teacher", sa.String(80), nullable=False),
    sa.Column("game", sa.String(10), nullable=False),
    sa.Column("rules", sa.String(40), nullable=False),
    sa.Column("computer", sa.Boolean, nullable=False),
    sa.Column("hints", sa.Boolean, nullable=False),
    sa.Column("target", sa.Integer, nullable=False),
    sa.Column("title", sa.String(80), nullable=False),
    sa.Column("secret", sa.LargeBinary(32), nullable=False),
    sa.Column("open", sa.Boolean, nullable=False, default=True),
    sa.Column("created", sa.Float, nullable=False),
)
_plays = sa.Table(
    "plays",
    _meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("number", sa.Integer, sa.ForeignKey("class_games.number"), nullable=False),
    sa.Column("learner", sa.String(80), nullable=False),
    sa.Column("save", sa.Text, nullable=False),
    sa.Column("score", sa.Integer, nullable=False),
    sa.Column("computer", sa.Integer),
    sa.Column("round", sa.Integer),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("over", sa.Boolean, nullable=False),
    sa.Column("dealt_at", sa.Integer),  # moves made when a roll was last dealt
    sa.Column("started", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.UniqueConstraint("number", "learner"),
)
_moves = sa.Table(
    "moves",
    _meta,
    sa.Column("play", sa.Integer, sa.ForeignKey("plays.id"), primary_key=True),
    sa.Column("index", sa.Integer, primary_key=True),
    sa.Column("move", sa.Text, nullable=False),
    sa.Column("time", sa.Float, nullable=False),
)


@dataclass(frozen=True)
class Play:
    """A learner's play of a class game, as kept."""

    learner: str
    save: dict[str, Any]
    score: int
    computer: int | None
    round: int | None
    moves: int
    over: bool
    started: float
    updated: float
    dealt_at: int | None = None

    def as_json(self) -> dict[str, Any]:
        """What the teacher's table gets (not the save)."""
        return {
            "learner": self.learner,
            "score": self.score,
            "computer": self.computer,
            "round": self.round,
            "moves": self.moves,
            "over": self.over,
            "started": self.started,
            "updated": self.updated,
        }


class Store:
    """The class service's tables in the database at ``url`` (made if missing)."""

    def __init__(self, url: str) -> None:
        self._engine = sa.create_engine(url, future=True)
        _meta.create_all(self._engine)

    def create(self, game: ClassGame, teacher: str) -> int:
        """Keep a new class game (a fresh secret is made for it); its number."""
        row = {key: value for key, value in game.as_json().items() if key != "number"}
        with self._engine.begin() as db:
            result = db.execute(
                _class_games.insert().values(
                    **row, teacher=teacher, secret=new_secret(), open=True, created=time.time()
                )
            )
            return int(result.inserted_primary_key[0])  # type: ignore[index]

    def class_game(self, number: int) -> ClassGame | None:
        """The settings of class game ``number`` (None: no such game)."""
        with self._engine.connect() as db:
            row = db.execute(sa.select(_class_games).where(_class_games.c.number == number)).first()
        return None if row is None else _settings(row)

    def class_games(self) -> list[tuple[ClassGame, str, bool]]:
        """Every class game, newest first, with its teacher and whether it is open."""
        with self._engine.connect() as db:
            rows = db.execute(sa.select(_class_games).order_by(_class_games.c.number.desc())).all()
        return [(_settings(row), row.teacher, row.open) for row in rows]

    def close(self, number: int) -> None:
        """Close class game ``number``: its plays may be read, not continued."""
        with self._engine.begin() as db:
            db.execute(
                _class_games.update().where(_class_games.c.number == number).values(open=False)
            )

    def is_open(self, number: int) -> bool:
        """Whether class game ``number`` takes moves."""
        with self._engine.connect() as db:
            row = db.execute(
                sa.select(_class_games.c.open).where(_class_games.c.number == number)
            ).first()
        return bool(row and row.open)

    def secret(self, number: int) -> bytes:
        """The secret of class game ``number`` (for its dealer, in the service only)."""
        with self._engine.connect() as db:
            row = db.execute(
                sa.select(_class_games.c.secret).where(_class_games.c.number == number)
            ).one()
        return bytes(row.secret)

    def play(self, number: int, learner: str) -> Play | None:
        """``learner``'s play of class game ``number``, if begun."""
        with self._engine.connect() as db:
            row = db.execute(
                sa.select(_plays).where((_plays.c.number == number) & (_plays.c.learner == learner))
            ).first()
        return None if row is None else _play(row)

    def plays(self, number: int) -> list[Play]:
        """Every play of class game ``number``, by learner."""
        with self._engine.connect() as db:
            rows = db.execute(
                sa.select(_plays).where(_plays.c.number == number).order_by(_plays.c.learner)
            ).all()
        return [_play(row) for row in rows]

    def record(
        self, number: int, learner: str, save: dict[str, Any], summary: dict[str, Any]
    ) -> Play:
        """Keep ``save`` as ``learner``'s play (checked by the caller to continue the kept
        one), each new move in ``moves``; the play as kept."""
        now = time.time()
        kept = self.play(number, learner)
        values = {
            "save": json.dumps(save, separators=(",", ":")),
            "score": summary["score"],
            "computer": summary["computer"],
            "round": summary["round"],
            "moves": summary["moves"],
            "over": summary["over"],
            "updated": now,
        }
        with self._engine.begin() as db:
            if kept is None:
                result = db.execute(
                    _plays.insert().values(**values, number=number, learner=learner, started=now)
                )
                play_id = int(result.inserted_primary_key[0])  # type: ignore[index]
                before = 0
            else:
                play_id = db.execute(
                    sa.select(_plays.c.id).where(
                        (_plays.c.number == number) & (_plays.c.learner == learner)
                    )
                ).scalar_one()
                db.execute(_plays.update().where(_plays.c.id == play_id).values(**values))
                before = kept.moves
            events = save["events"]
            if len(events) > before:
                db.execute(
                    _moves.insert(),
                    [
                        {"play": play_id, "index": i, "move": json.dumps(e), "time": now}
                        for i, e in enumerate(events[before:], start=before)
                    ],
                )
        started = now if kept is None else kept.started
        dealt_at = None if kept is None else kept.dealt_at
        return Play(
            learner=learner,
            save=save,
            score=summary["score"],
            computer=summary["computer"],
            round=summary["round"],
            moves=summary["moves"],
            over=summary["over"],
            started=started,
            updated=now,
            dealt_at=dealt_at,
        )

    def mark_dealt(self, number: int, learner: str, moves: int) -> None:
        """Note that ``learner``'s next roll was dealt when their play had ``moves`` moves."""
        with self._engine.begin() as db:
            db.execute(
                _plays.update()
                .where((_plays.c.number == number) & (_plays.c.learner == learner))
                .values(dealt_at=moves)
            )


def _settings(row: Any) -> ClassGame:
    return ClassGame(
        number=row.number,
        game=row.game,
        rules=row.rules,
        computer=row.computer,
        hints=row.hints,
        target=row.target,
        title=row.title,
    )


def _play(row: Any) -> Play:
    return Play(
        learner=row.learner,
        save=json.loads(row.save),
        score=row.score,
        computer=row.computer,
        round=row.round,
        moves=row.moves,
        over=row.over,
        started=row.started,
        updated=row.updated,
        dealt_at=row.dealt_at,
    )
