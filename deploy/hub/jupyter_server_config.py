# A learner's server on the hub (make class; docs/classroom.md), given to jupyterhub-singleuser
# by deploy/hub/jupyterhub_config.py. The hub passes DICELAB_LAB and DICELAB_MAX_KERNELS.
import os

from dicelab.hub.learner import AppsOnlyAuthorizer, WidgetsOnlyConnection, kernel_limit_hook
from dicelab.hub.pool import WarmKernelManager, warm_notebooks
from dicelab.voila_server import share_compiled_templates

c = get_config()  # noqa: F821  (given by Jupyter when it loads this file)
lab = os.environ.get("DICELAB_LAB") == "1"

# What the browser may do: the apps only (LAB=1: JupyterLab too); never a terminal.
c.ServerApp.authorizer_class = AppsOnlyAuthorizer
c.AppsOnlyAuthorizer.lab = lab
c.ServerApp.kernel_websocket_connection_class = WidgetsOnlyConnection
c.WidgetsOnlyConnection.lab = lab
c.ServerApp.terminals_enabled = False
if not lab:
    c.ServerApp.jpserver_extensions = {
        "jupyterlab": False,
        "notebook": False,
        "notebook_shim": False,
        "jupyter_lsp": False,
        "jupyter_server_terminals": False,
        "voila": True,
        "dicelab.hub.pool": True,
    }
else:  # JupyterLab and the rest, as installed; the pool too
    c.ServerApp.jpserver_extensions = {"dicelab.hub.pool": True}
if os.geteuid() == 0:  # a hub run as root spawns its learners' servers as root
    c.ServerApp.allow_root = True

# At most four kernels (open apps) a learner; idle kernels stopped even with a page open.
# The learner's first app (DICELAB_WARM, default penta_play) is preheated when the server
# starts: one kernel, never refilled (dicelab/hub/pool.py; "" for none).
c.ServerApp.kernel_manager_class = WarmKernelManager
c.WarmKernelManager.warm = warm_notebooks(os.environ.get("DICELAB_WARM"))
c.LimitedKernelManager.max_kernels = int(os.environ.get("DICELAB_MAX_KERNELS", "4"))
c.MappingKernelManager.cull_idle_timeout = int(os.environ.get("DICELAB_KERNEL_IDLE", "1800"))
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = True

# The apps, as make run serves them (voila.json), with the fifth app's page in words.
c.VoilaConfiguration.template = "dicelab"
c.VoilaConfiguration.theme = "light"
c.VoilaConfiguration.strip_sources = False  # the lessons' "Show the code" (docs/lessons.md)
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.file_allowlist = [r".*\.(png|jpg|gif|svg|css|js)"]
c.VoilaConfiguration.prelaunch_hook = kernel_limit_hook
c.VoilaExecutor.iopub_timeout = 60
share_compiled_templates()  # each page template compiled once in this server, not per page
