"""dicelab on JupyterHub (``make class``, docs/classroom.md): a login per learner, limits.

The hub's configuration is ``deploy/hub/jupyterhub_config.py``; it reads the class list
(:mod:`dicelab.hub.classlist`), logs learners in with first-use passwords
(:mod:`dicelab.hub.authenticator`) and spawns one server per learner as a local process with
a memory limit (:mod:`dicelab.hub.spawner`). Each learner's server is configured by
``deploy/hub/jupyter_server_config.py`` with :mod:`dicelab.hub.learner`: the apps only (no
JupyterLab, no terminal, no code from the browser), at most four kernels, the fifth page
saying so in the page's language (:mod:`dicelab.hub.pages`). A learner's server is started as
``python -m dicelab.hub.singleuser``: jupyterhub-singleuser without building, at its start,
grammars that it never uses (:mod:`dicelab.hub.grammars`).
"""
