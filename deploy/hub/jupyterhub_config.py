# JupyterHub for a class on one machine: make class NAMES=class.txt (docs/classroom.md).
#
# Read from the environment (the Makefile passes them):
#   NAMES            the class list, one login name a line (required)
#   TEACHER          the teacher's login name, the hub's admin (default: teacher)
#   HUB_PORT         the port of the class's address (default 8000); the proxy's API and the
#                    hub's own API listen on localhost at HUB_PORT + 1 and HUB_PORT + 2, the
#                    class service at HUB_PORT + 3
#   CLASS_DB_URL     the class service's database (default: SQLite in HUB_DATA)
#   HUB_IP           the address to listen on (default: all, for a class on the network)
#   HUB_DATA         the hub's data folder: database, passwords, learners' homes (hub-data)
#   LAB=1            learners get JupyterLab too (default: the apps only)
#   HUB_MEM_LIMIT    memory per process of a learner's server (default 1G), HUB_MAX_KERNELS (4)
#   HUB_IDLE         seconds after which an idle learner server is stopped (default 3600)
#   HUB_AUTH         firstuse (default), or an OAuthenticator: github, google, azuread...
#   HUB_PRESTART     1 (default): every learner's server started with the hub; 0: at login
#   HUB_WARM         the apps preheated in each learner's server, one kernel each, for the
#                    class's first page (default penta_play; "" for none; dicelab/hub/pool.py)
import os
import shutil
import sys
from pathlib import Path

from dicelab.hub.authenticator import ClassFirstUseAuthenticator
from dicelab.hub.classlist import ClassListError, read_names
from dicelab.hub.limits import parse_size
from dicelab.hub.login import TEMPLATES as HUB_TEMPLATES
from dicelab.hub.server_pages import server_words
from dicelab.hub.spawner import LearnerSpawner

c = get_config()  # noqa: F821  (given by JupyterHub when it loads this file)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
BIN = Path(sys.executable).parent
DATA = Path(os.environ.get("HUB_DATA") or ROOT / "hub-data").resolve()
DATA.mkdir(parents=True, exist_ok=True)
PORT = int(os.environ.get("HUB_PORT") or 8000)
LAB = os.environ.get("LAB", "") not in ("", "0")
TEACHER = (os.environ.get("TEACHER") or "teacher").strip().lower()
if not os.environ.get("NAMES"):
    sys.exit("make class needs the class list: make class NAMES=class.txt (one name a line)")
try:
    LEARNERS = [name for name in read_names(os.environ["NAMES"]) if name != TEACHER]
except ClassListError as error:
    sys.exit(str(error))

# The hub: one address for the class; its database and secrets in the data folder.
c.JupyterHub.bind_url = f"http://{os.environ.get('HUB_IP', '')}:{PORT}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = PORT + 2
c.JupyterHub.db_url = f"sqlite:///{DATA / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(DATA / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.command = [str(HERE / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PORT + 1}"
c.ConfigurableHTTPProxy.pid_file = str(DATA / "jupyterhub-proxy.pid")

# Who gets in: the class list and the teacher (the admin), each with a first-use password.
AUTH = os.environ.get("HUB_AUTH") or "firstuse"
if AUTH == "firstuse":
    c.JupyterHub.authenticator_class = ClassFirstUseAuthenticator
    c.FirstUseAuthenticator.dbm_path = str(DATA / "passwords.dbm")
    c.FirstUseAuthenticator.min_password_length = 6
else:  # a school's own accounts: OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET, OAUTH_CALLBACK_URL
    c.JupyterHub.authenticator_class = AUTH
# The login form and the pages of a stopped or starting server in the learner's language
# (dicelab/hub/login.py, dicelab/hub/server_pages.py).
c.JupyterHub.template_paths = [str(HUB_TEMPLATES)]
c.JupyterHub.template_vars = {"dicelab_server_words": server_words()}
c.Authenticator.allowed_users = set(LEARNERS)
c.Authenticator.admin_users = {TEACHER}

# The class service (dicelab/classroom/service.py): class games, their dice and every play, in
# its database (CLASS_DB_URL, default SQLite in the data folder). Learners' servers may ask it
# (their token's scope); the teacher's tokens also hold the teacher's scope.
CLASS_PORT = PORT + 3
CLASS_URL = f"http://127.0.0.1:{CLASS_PORT}/services/dicelab-class/"
CLASS_SERVICE = {
    "name": "dicelab-class",
    "url": f"http://127.0.0.1:{CLASS_PORT}",
    "command": [sys.executable, "-m", "dicelab.classroom.service"],
    "environment": {
        "HUB_DATA": str(DATA),
        **({"CLASS_DB_URL": os.environ["CLASS_DB_URL"]} if os.environ.get("CLASS_DB_URL") else {}),
    },
}
c.JupyterHub.custom_scopes = {
    "custom:dicelab-class:teach": {"description": "Set class games up and read their plays."}
}
CLASS_ROLES = [
    {
        "name": "dicelab-learner",
        "scopes": ["access:services!service=dicelab-class"],
        "users": sorted(LEARNERS),
    },
    {
        "name": "dicelab-teacher",
        "scopes": ["access:services!service=dicelab-class", "custom:dicelab-class:teach"],
        "users": [TEACHER],
    },
]


def server_token_scopes(spawner):
    """A learner server's token: the server role's scopes, and the class service's (the
    teacher's also the teacher's scope); the hub gives only those its user holds."""
    scopes = [
        "users:activity!user",
        "access:servers!server",
        "access:services!service=dicelab-class",
    ]
    if spawner.user.admin:
        scopes.append("custom:dicelab-class:teach")
    return scopes


c.Spawner.server_token_scopes = server_token_scopes

# One server per learner, a local process with a home in the data folder, memory capped.
c.JupyterHub.spawner_class = LearnerSpawner
c.LearnerSpawner.home_dir_template = str(DATA / "users" / "{username}")
# jupyterhub-singleuser, started a second sooner (dicelab/hub/grammars.py)
c.Spawner.cmd = [str(BIN / "python"), "-m", "dicelab.hub.singleuser"]
c.Spawner.args = [f"--config={HERE / 'jupyter_server_config.py'}"]
c.Spawner.mem_limit = parse_size(os.environ.get("HUB_MEM_LIMIT") or "1G")
c.Spawner.notebook_dir = str(ROOT / "notebooks")  # read only: the apps only
c.Spawner.default_url = "/voila/tree"  # the start page, without a kernel (docs/serving.md)
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.environment = {
    # dicelab's Voilà template, from the checkout (docs/serving.md)
    "JUPYTER_PATH": str(ROOT / "share" / "jupyter"),
    # the class service, straight (not through the proxy): a kernel asks it for dice
    "DICELAB_CLASS_URL": CLASS_URL,
    "DICELAB_MAX_KERNELS": os.environ.get("HUB_MAX_KERNELS") or "4",
    "DICELAB_LAB": "1" if LAB else "0",
    "DICELAB_WARM": os.environ.get("HUB_WARM", "penta_play"),
}


def own_notebooks(spawner):
    """JupyterLab users (LAB=1, and the teacher) work on their own copy of the notebooks."""
    if not (LAB or spawner.user.admin):
        return
    folder = Path(spawner.home_dir) / "notebooks"
    if not folder.exists():
        shutil.copytree(ROOT / "notebooks", folder)
    spawner.notebook_dir = str(folder)
    spawner.environment = {**spawner.environment, "DICELAB_LAB": "1"}
    if spawner.user.admin:
        spawner.default_url = "/voila/render/teacher.ipynb"
        spawner.environment = {**spawner.environment, "DICELAB_WARM": "teacher"}


c.Spawner.pre_spawn_hook = own_notebooks

# Idle servers are stopped (a learner's game is saved first: the apps save as they play);
# HUB_IDLE=0 runs no culler.
IDLE = int(os.environ.get("HUB_IDLE") or 3600)
c.JupyterHub.services = [CLASS_SERVICE]
c.JupyterHub.load_roles = list(CLASS_ROLES)

# Every learner's server started when the hub starts, before the class arrives (HUB_PRESTART=0:
# at each learner's first login instead); dicelab/hub/prestart.py.
if os.environ.get("HUB_PRESTART", "1") not in ("", "0") and LEARNERS:
    c.JupyterHub.services += [
        {
            "name": "prestart",
            "command": [sys.executable, "-m", "dicelab.hub.prestart"],
            "environment": {"DICELAB_PRESTART": ",".join(sorted(LEARNERS))},
        }
    ]
    c.JupyterHub.load_roles += [
        {"name": "prestart", "scopes": ["read:users", "servers"], "services": ["prestart"]}
    ]
if IDLE > 0:
    c.JupyterHub.services += [
        {
            "name": "idle-culler",
            "command": [
                sys.executable,
                "-m",
                "jupyterhub_idle_culler",
                f"--timeout={IDLE}",
                f"--cull-every={min(300, max(60, IDLE // 4))}",
            ],
        }
    ]
    c.JupyterHub.load_roles += [
        {
            "name": "idle-culler",
            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
            "services": ["idle-culler"],
        }
    ]
