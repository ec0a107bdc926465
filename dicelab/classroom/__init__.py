"""The classroom: a class playing the same dice, and what the teacher gets back.

- :mod:`~dicelab.classroom.codes`: result codes, a short text holding a whole game, checked
  when read (Binder, or a class without a hub);
- :mod:`~dicelab.classroom.results`: a class's codes read at once (the teacher's table);
- :mod:`~dicelab.classroom.dealer`: dice dealt roll by roll from a secret (a hub's class);
- :mod:`~dicelab.classroom.plays`: a learner's play of a class game, checked move by move;
- :mod:`~dicelab.classroom.store`: the class service's database (SQLAlchemy);
- :mod:`~dicelab.classroom.service`: the class service, a JupyterHub service;
- :mod:`~dicelab.classroom.client`: what a learner's kernel asks the service.

``docs/classroom.md`` tells the whole story.
"""

from dicelab.classroom.codes import MAX_CODE, MAX_LETTERS, read_result_code, result_code

__all__ = ["MAX_CODE", "MAX_LETTERS", "read_result_code", "result_code"]
