"""What every dashboard shares, whatever the game.

``base`` (the :class:`~dicelab.widgets.common.base.App` every dashboard is, notices, the
one guarded path from a click to an engine), ``play`` (what the two play apps share: New
game, Roll, Undo, computer steps), ``dice`` (the row of die buttons), ``forms`` (New game
panel fields, dropdowns, seeds and speeds), ``advisor`` (the lazy advisor panel),
``background`` (long work off the kernel's thread), ``timer`` (schedulers, the countdown),
``style`` (the stylesheet) and ``registry`` (the apps by name).
"""
