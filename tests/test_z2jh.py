"""deploy/z2jh/: the class of ``make class`` on Zero to JupyterHub, checked without a cluster.

The Helm chart turns its values into JupyterHub's configuration with its own mapping
(``jupyterhub/files/hub/jupyterhub_config.py`` of the chart, 4.x): ``singleuser.memory.limit``
becomes ``KubeSpawner.mem_limit`` and so on, ``hub.config`` is copied class by class, and
``hub.extraConfig`` runs as Python. This test does the same with the values files and checks
that every setting names a real trait (traitlets only warns about a misspelled one, and the hub
would start without it), that the traits accept the values (KubeSpawner, JupyterHub and the
authenticator instantiated with them), that the roles' scopes exist, and that the class is the
one of deploy/hub (same authenticator, limits, culler, learner server).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlparse

import pytest
import yaml
from firstuseauthenticator import FirstUseAuthenticator
from jupyterhub import scopes
from jupyterhub.app import JupyterHub
from jupyterhub.auth import Authenticator
from jupyterhub.services.service import Service
from jupyterhub.spawner import Spawner
from kubespawner import KubeSpawner
from oauthenticator import GitHubOAuthenticator, GoogleOAuthenticator, OAuthenticator
from oauthenticator.azuread import AzureAdOAuthenticator
from oauthenticator.generic import GenericOAuthenticator
from traitlets import TraitError
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from dicelab.hub.authenticator import ClassFirstUseAuthenticator
from dicelab.hub.classlist import ClassListError
from dicelab.hub.limits import parse_size

ROOT = Path(__file__).resolve().parents[1]
Z2JH = ROOT / "deploy" / "z2jh"
HUB = ROOT / "deploy" / "hub"
IMAGE_ROOT = Path("/srv/dicelab")  # where deploy/z2jh/Dockerfile puts the repository
SERVICE = "dicelab-class"
POD_IP = "10.1.2.3"  # the hub pod's address, as Kubernetes gives it (status.podIP)

# The chart's mapping of singleuser.* onto the spawner's traits (chart 4.x).
SINGLEUSER_TRAITS = {
    "memory.limit": "mem_limit",
    "memory.guarantee": "mem_guarantee",
    "cpu.limit": "cpu_limit",
    "cpu.guarantee": "cpu_guarantee",
    "extraResource.limits": "extra_resource_limits",
    "extraResource.guarantees": "extra_resource_guarantees",
    "extraEnv": "environment",
    "cmd": "cmd",
    "defaultUrl": "default_url",
    "startTimeout": "start_timeout",
    "image.pullPolicy": "image_pull_policy",
    "events": "events_enabled",
    "extraLabels": "extra_labels",
    "extraAnnotations": "extra_annotations",
    "uid": "uid",
    "fsGid": "fs_gid",
    "serviceAccountName": "service_account",
    "nodeSelector": "node_selector",
    "lifecycleHooks": "lifecycle_hooks",
    "initContainers": "init_containers",
    "extraContainers": "extra_containers",
    "profileList": "profile_list",
    "extraPodConfig": "extra_pod_config",
}
# singleuser.* the chart handles itself (image name, volumes, network policy), with their keys.
SINGLEUSER_CHART = {
    "image": {"name", "tag", "pullPolicy", "pullSecrets"},
    "storage": {
        "type",
        "capacity",
        "homeMountPath",
        "extraLabels",
        "extraVolumes",
        "extraVolumeMounts",
        "static",
        "dynamic",
    },
    "networkPolicy": {
        "enabled",
        "ingress",
        "egress",
        "egressAllowRules",
        "interNamespaceAccessLabels",
        "allowedIngressPorts",
    },
    "cloudMetadata": {"blockWithIptables", "ip"},
}
# The chart's keys (its schema, chart 4.x) for the sections used here: a dict is checked key by
# key, a set is the keys allowed one level down, None is free (Python, Kubernetes objects, or
# checked apart: singleuser above, hub.config and hub.services against the traits below).
NETWORK_POLICY = {
    "enabled",
    "ingress",
    "egress",
    "egressAllowRules",
    "interNamespaceAccessLabels",
    "allowedIngressPorts",
}
CHART_KEYS: dict[str, Any] = {
    "hub": {
        "image": {"name", "tag", "pullPolicy", "pullSecrets"},
        "db": {"type", "url", "password", "upgrade", "pvc"},
        "config": None,
        "extraConfig": None,
        "extraEnv": None,
        "extraFiles": None,
        "extraVolumes": None,
        "extraVolumeMounts": None,
        "services": None,
        "loadRoles": None,
        "service": {"type", "ports", "extraPorts", "annotations", "loadBalancerIP"},
        "networkPolicy": NETWORK_POLICY,
        "concurrentSpawnLimit": None,
        "activeServerLimit": None,
        "consecutiveFailureLimit": None,
        "resources": None,
    },
    "singleuser": None,
    "proxy": {"chp": {"networkPolicy": NETWORK_POLICY, "resources": None}, "https": None},
    "cull": {
        "enabled",
        "users",
        "adminUsers",
        "removeNamedServers",
        "timeout",
        "every",
        "concurrency",
        "maxAge",
    },
    "scheduling": {
        "userScheduler": {"enabled", "replicas", "logLevel", "resources"},
        "podPriority": {"enabled", "globalDefault", "defaultPriority", "userPlaceholderPriority"},
        "userPlaceholder": {"enabled", "replicas", "resources"},
        "userPods": {"nodeAffinity": {"matchNodePurpose"}, "tolerations": None},
        "corePods": None,
    },
    "prePuller": {"continuous": {"enabled"}, "hook": None, "extraImages": None},
}
# The classes hub.config and hub.extraConfig may configure here.
HUB_CLASSES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        JupyterHub,
        Spawner,
        KubeSpawner,
        Authenticator,
        FirstUseAuthenticator,
        ClassFirstUseAuthenticator,
        OAuthenticator,
        GoogleOAuthenticator,
        GitHubOAuthenticator,
        GenericOAuthenticator,
        AzureAdOAuthenticator,
    )
}
# Keys of a JupyterHub service (c.JupyterHub.services), not the hub's own attributes.
SERVICE_KEYS = set(Service.class_trait_names()) - {
    "app",
    "db",
    "orm",
    "proxy",
    "hub",
    "parent",
    "log",
    "config",
    "proc",
    "spawner",
    "roles",
    "cookie_options",
    "_oauth_specified",
}
ROLE_KEYS = {"name", "description", "scopes", "users", "services", "groups"}


def load(name: str = "config.yaml") -> dict[str, Any]:
    return yaml.safe_load((Z2JH / name).read_text())


def merged(*names: str) -> dict[str, Any]:
    """Helm's merge of values files: later files win, key by key (lists are replaced)."""

    def merge(into: dict[str, Any], more: dict[str, Any]) -> dict[str, Any]:
        for key, value in more.items():
            if isinstance(value, dict) and isinstance(into.get(key), dict):
                merge(into[key], value)
            else:
                into[key] = copy.deepcopy(value)
        return into

    values: dict[str, Any] = {}
    for name in names:
        merge(values, load(name))
    return values


def _flatten(values: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in values.items():
        if isinstance(value, dict) and value and f"{prefix}{key}" not in SINGLEUSER_TRAITS:
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def singleuser_problems(singleuser: dict[str, Any]) -> list[str]:
    """singleuser.* keys that the chart maps onto no trait and does not handle itself."""
    problems = []
    for key, value in singleuser.items():
        if key in SINGLEUSER_CHART:
            unknown = set(value) - SINGLEUSER_CHART[key]
            problems += [f"singleuser.{key}.{name}: not a key of the chart" for name in unknown]
            continue
        problems += [
            f"singleuser.{path}: not a key of the chart"
            for path in _flatten({key: value})
            if path not in SINGLEUSER_TRAITS
        ]
    return problems


def chart_problems(values: dict[str, Any], spec: Any = None, path: str = "") -> list[str]:
    """Keys of ``values`` that are not keys of the chart (as far as :data:`CHART_KEYS` says)."""
    spec = CHART_KEYS if spec is None and not path else spec
    if spec is None or not isinstance(values, dict):
        return []
    problems = []
    for key, value in values.items():
        if key not in spec:
            problems.append(f"{path}{key}: not a key of the chart")
        elif isinstance(spec, dict):
            problems += chart_problems(value, spec[key], f"{path}{key}.")
    return problems


def config_problems(config: Config) -> list[str]:
    """Settings of ``config`` that name no configurable trait of their class."""
    problems = []
    for section, traits in config.items():
        cls = HUB_CLASSES.get(section)
        if cls is None:
            problems.append(f"{section}: not a class configured here")
            continue
        known = set(cls.class_trait_names(config=True))
        problems += [
            f"{section}.{name}: not a trait of {section}" for name in traits if name not in known
        ]
    return problems


def service_problems(services: dict[str, dict[str, Any]]) -> list[str]:
    return [
        f"hub.services.{name}.{key}: not a key of a JupyterHub service"
        for name, spec in services.items()
        for key in spec
        if key not in SERVICE_KEYS
    ]


def hub_config(values: dict[str, Any], class_list: Path, monkeypatch) -> Config:
    """JupyterHub's configuration as the chart makes it from ``values``, extraConfig run."""
    hub = values["hub"]
    c = Config()
    c.JupyterHub.services = []
    c.JupyterHub.load_roles = []
    if values["cull"]["enabled"]:
        c.JupyterHub.services.append({"name": "jupyterhub-idle-culler", "command": ["python3"]})
        c.JupyterHub.load_roles.append(
            {
                "name": "jupyterhub-idle-culler",
                "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
                "services": ["jupyterhub-idle-culler"],
            }
        )
    for name, service in copy.deepcopy(hub.get("services", {})).items():
        service.setdefault("name", name)
        service["api_token"] = "made-by-the-chart"
        c.JupyterHub.services.append(service)
    for name, role in copy.deepcopy(hub.get("loadRoles", {})).items():
        role.setdefault("name", name)
        c.JupyterHub.load_roles.append(role)
    for section, traits in copy.deepcopy(hub.get("config", {})).items():
        c[section].update(traits)
    monkeypatch.setenv("DICELAB_CLASS_LIST", str(class_list))
    monkeypatch.setenv("CLASS_DB_URL", "postgresql://dicelab@db.example.org/dicelab_class")
    monkeypatch.setenv("POD_IP", POD_IP)
    for _, source in sorted(hub.get("extraConfig", {}).items()):
        exec(compile(source, "hub.extraConfig", "exec"), {"c": c})
    return c


def spawner_config(values: dict[str, Any], base: Config) -> Config:
    """The chart's KubeSpawner settings from ``singleuser.*`` (its key mapping), on ``base``."""
    c = copy.deepcopy(base)
    flat = _flatten(values["singleuser"])
    for key, trait in SINGLEUSER_TRAITS.items():
        if key in flat and flat[key] is not None:
            target = c.Spawner if key in ("cmd", "defaultUrl") else c.KubeSpawner
            target[trait] = flat[key]
    image = values["singleuser"]["image"]
    c.KubeSpawner.image = f"{image['name']}:{image['tag']}"
    return c


def kube_spawner(config: Config, monkeypatch) -> KubeSpawner:
    """A KubeSpawner made with ``config`` (its traits validate the values), no cluster."""
    import kubespawner.spawner

    monkeypatch.setattr(kubespawner.spawner, "load_config", lambda **kwargs: None)
    monkeypatch.setattr(kubespawner.spawner, "shared_client", lambda name: None)
    return KubeSpawner(_mock=True, config=config)


@pytest.fixture
def class_list(tmp_path: Path) -> Path:
    path = tmp_path / "class.txt"
    path.write_text("# 5B\nAda\nbob\nteacher\n")
    return path


@pytest.fixture
def custom_scopes(monkeypatch):
    """JupyterHub's scope definitions, restored after the test defines the custom ones."""
    monkeypatch.setattr(scopes, "scope_definitions", dict(scopes.scope_definitions))


# -- every setting names a real trait ------------------------------------------------------


@pytest.mark.parametrize("files", [("config.yaml",), ("config.yaml", "large-class.yaml")])
def test_every_setting_names_a_trait(files, class_list: Path, monkeypatch) -> None:
    values = merged(*files)
    c = hub_config(values, class_list, monkeypatch)
    assert chart_problems(values) == []
    assert singleuser_problems(values["singleuser"]) == []
    assert config_problems(c) == []
    assert service_problems(values["hub"]["services"]) == []


@pytest.mark.parametrize(
    ("where", "misspelt", "problem"),
    [
        (("singleuser", "memory"), ("limit", "limt"), "singleuser.memory.limt"),
        (("singleuser",), ("defaultUrl", "defaultURL"), "singleuser.defaultURL"),
        (("singleuser", "storage"), ("type", "typ"), "singleuser.storage.typ"),
        (
            ("hub", "config", "KubeSpawner"),
            ("notebook_dir", "notebok_dir"),
            "KubeSpawner.notebok_dir",
        ),
        (("hub", "config", "FirstUseAuthenticator"), ("dbm_path", "dbmpath"), "dbmpath"),
        (("hub", "config"), ("Authenticator", "Authentcator"), "Authentcator"),
        (("hub", "services", SERVICE), ("command", "commands"), "dicelab-class.commands"),
        (("hub",), ("extraEnv", "extraenv"), "hub.extraenv"),
        (("hub", "service"), ("extraPorts", "extraPort"), "hub.service.extraPort"),
        (("cull",), ("timeout", "timout"), "cull.timout"),
        (("singleuser",), ("networkPolicy", "networkpolicy"), "singleuser.networkpolicy"),
    ],
)
def test_a_misspelt_key_is_found(where, misspelt, problem, class_list, monkeypatch) -> None:
    values = load()
    node = values
    for key in where:
        node = node[key]
    right, wrong = misspelt
    node[wrong] = node.pop(right)
    if where[:2] == ("hub", "config") and right == "Authenticator":
        values["hub"]["extraConfig"] = {}  # the class list needs admin_users: not run here
    c = hub_config(values, class_list, monkeypatch)
    found = (
        chart_problems(values)
        + singleuser_problems(values["singleuser"])
        + config_problems(c)
        + service_problems(values["hub"]["services"])
    )
    assert any(problem in line for line in found), found


def test_a_misspelt_trait_in_extra_config_is_found(class_list: Path, monkeypatch) -> None:
    values = load()
    source = values["hub"]["extraConfig"]["dicelab.py"]
    assert "c.Authenticator.allowed_users =" in source
    values["hub"]["extraConfig"]["dicelab.py"] = source.replace(
        "c.Authenticator.allowed_users =", "c.Authenticator.alowed_users ="
    )
    found = config_problems(hub_config(values, class_list, monkeypatch))
    assert found == ["Authenticator.alowed_users: not a trait of Authenticator"]


# -- the traits accept the values ----------------------------------------------------------


def test_kubespawner_takes_the_chart_mapping_of_the_values(class_list, monkeypatch) -> None:
    values = load()
    c = spawner_config(values, hub_config(values, class_list, monkeypatch))
    spawner = kube_spawner(c, monkeypatch)
    assert spawner.mem_limit == parse_size("1G") == 2**30
    assert spawner.mem_guarantee == 256 * 2**20
    assert (spawner.cpu_limit, spawner.cpu_guarantee) == (1.0, 0.05)
    assert spawner.image == "registry.example.org/dicelab/singleuser:0.1.0"
    assert spawner.cmd == ["python", "-m", "dicelab.hub.singleuser"]
    assert spawner.args == [f"--config={IMAGE_ROOT / 'deploy/hub/jupyter_server_config.py'}"]
    assert spawner.default_url == "/voila/tree"  # the start page, without a kernel
    assert spawner.environment == {
        "JUPYTER_PATH": str(IMAGE_ROOT / "share/jupyter"),
        "DICELAB_CLASS_URL": "http://hub:10101/services/dicelab-class/",
        "DICELAB_MAX_KERNELS": "4",
        "DICELAB_LAB": "0",
        "DICELAB_WARM": "penta_play",  # the class's first app preheated (dicelab/hub/pool.py)
    }
    assert spawner.notebook_dir == str(IMAGE_ROOT / "notebooks")
    assert callable(spawner.pre_spawn_hook)


@pytest.mark.parametrize(
    ("key", "value"),
    [(("memory", "limit"), "1 gig"), (("cpu", "limit"), "lots"), (("extraEnv",), ["A=1"])],
)
def test_a_value_kubespawner_refuses_is_found(key, value, class_list, monkeypatch) -> None:
    values = load()
    node = values["singleuser"]
    for part in key[:-1]:
        node = node[part]
    node[key[-1]] = value
    c = spawner_config(values, hub_config(values, class_list, monkeypatch))
    with pytest.raises(TraitError):
        kube_spawner(c, monkeypatch)


def test_the_hub_and_the_authenticator_take_their_values(class_list, monkeypatch) -> None:
    c = hub_config(load(), class_list, monkeypatch)
    hub = JupyterHub(config=c)
    assert hub.authenticator_class is ClassFirstUseAuthenticator
    authenticator = ClassFirstUseAuthenticator(config=c)
    assert authenticator.admin_users == {"teacher"}
    assert authenticator.allowed_users == {"ada", "bob"}  # the class list less the teacher
    assert authenticator.min_password_length == 6
    assert authenticator.dbm_path == "/srv/jupyterhub/passwords.dbm"  # on the hub's volume


def test_a_bad_class_list_stops_the_hub_with_its_line(tmp_path: Path, monkeypatch) -> None:
    empty = tmp_path / "class.txt"
    empty.write_text(load()["hub"]["extraFiles"]["class-list"]["stringData"])
    with pytest.raises(ClassListError, match="has no names"):  # no --set-file
        hub_config(load(), empty, monkeypatch)
    empty.write_text("ada\nAda Lovelace\n")
    with pytest.raises(ClassListError, match="line 2"):
        hub_config(load(), empty, monkeypatch)


def test_the_teacher_opens_the_dashboard_and_learners_the_apps(class_list, monkeypatch) -> None:
    c = hub_config(load(), class_list, monkeypatch)
    hook = c.KubeSpawner.pre_spawn_hook
    for admin, url, lab in [(True, "/voila/render/teacher.ipynb", "1"), (False, "start", "0")]:
        spawner = SimpleNamespace(
            user=SimpleNamespace(admin=admin), default_url="start", environment={"DICELAB_LAB": "0"}
        )
        hook(spawner)
        assert (spawner.default_url, spawner.environment["DICELAB_LAB"]) == (url, lab)


# -- the class service and its roles -------------------------------------------------------


def test_the_class_service_is_run_by_the_hub_with_its_database(class_list, monkeypatch) -> None:
    values = load()
    c = hub_config(values, class_list, monkeypatch)
    [service] = [s for s in c.JupyterHub.services if s["name"] == SERVICE]
    assert service["command"] == ["python3", "-m", "dicelab.classroom.service"]
    assert service["environment"] == {
        "CLASS_DB_URL": "postgresql://dicelab@db.example.org/dicelab_class"
    }
    secret = values["hub"]["extraEnv"]["CLASS_DB_URL"]["valueFrom"]["secretKeyRef"]
    assert secret == {"name": "dicelab-class-db", "key": "url"}
    pod_ip = values["hub"]["extraEnv"]["POD_IP"]["valueFrom"]["fieldRef"]
    assert pod_ip == {"fieldPath": "status.podIP"}
    # it listens on the pod's own address (it binds its URL's host), at the port that the
    # hub's Kubernetes Service forwards and the network policies open to the learners' kernels
    managed = Service(**{k: v for k, v in service.items() if k != "api_token"})
    assert managed.managed and managed.url == f"http://{POD_IP}:10101"
    port = 10101
    assert values["hub"]["service"]["extraPorts"] == [
        {"name": SERVICE, "port": port, "targetPort": port}
    ]
    assert values["hub"]["networkPolicy"]["ingress"][0]["ports"] == [{"port": port}]
    assert values["singleuser"]["networkPolicy"]["egress"][0]["ports"] == [{"port": port}]
    kernels = values["singleuser"]["extraEnv"]["DICELAB_CLASS_URL"]
    assert kernels == f"http://hub:{port}/services/{SERVICE}/"


def _learner_and_teacher_spawners() -> list[SimpleNamespace]:
    return [SimpleNamespace(user=SimpleNamespace(admin=admin)) for admin in (False, True)]


def test_the_roles_give_learners_and_teacher_their_scopes(
    class_list, monkeypatch, custom_scopes
) -> None:
    c = hub_config(load(), class_list, monkeypatch)
    scopes.define_custom_scopes(c.JupyterHub.custom_scopes)
    roles = {role["name"]: role for role in c.JupyterHub.load_roles}
    assert set(roles) == {"jupyterhub-idle-culler", "dicelab-learner", "dicelab-teacher"}
    for role in roles.values():
        assert set(role) <= ROLE_KEYS, role
        scopes._check_scopes_exist(role["scopes"], who_for=role["name"])
    access = f"access:services!service={SERVICE}"
    assert roles["dicelab-learner"] == {
        "name": "dicelab-learner",
        "scopes": [access],
        "users": ["ada", "bob"],  # the class list, less the teacher
    }
    assert roles["dicelab-teacher"]["scopes"] == [access, "custom:dicelab-class:teach"]
    assert roles["dicelab-teacher"]["users"] == ["teacher"]
    learner, teacher = (
        c.KubeSpawner.server_token_scopes(s) for s in _learner_and_teacher_spawners()
    )
    assert access in learner and "custom:dicelab-class:teach" not in learner
    assert "custom:dicelab-class:teach" in teacher
    for spawner_scopes in (learner, teacher):
        scopes._check_scopes_exist(spawner_scopes)


def test_an_undefined_scope_is_refused(class_list, monkeypatch, custom_scopes) -> None:
    c = hub_config(load(), class_list, monkeypatch)
    with pytest.raises(scopes.ScopeNotFound, match="custom:dicelab-class:teach"):  # undefined
        scopes._check_scopes_exist(["custom:dicelab-class:teach"])
    scopes.define_custom_scopes(c.JupyterHub.custom_scopes)
    scopes._check_scopes_exist(["custom:dicelab-class:teach"])
    with pytest.raises(scopes.ScopeNotFound):
        scopes._check_scopes_exist(["acess:services!service=dicelab-class"])


# -- the same class as make class ----------------------------------------------------------


def _make_class(monkeypatch, tmp_path: Path, class_list: Path) -> Config:
    for name in ("TEACHER", "HUB_PORT", "LAB", "HUB_IDLE", "HUB_AUTH", "HUB_MEM_LIMIT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NAMES", str(class_list))
    monkeypatch.setenv("HUB_DATA", str(tmp_path / "data"))
    return PyFileConfigLoader("jupyterhub_config.py", path=str(HUB)).load_config()


def _in_image(path: str) -> str:
    return str(Path(path).relative_to(IMAGE_ROOT))


def test_the_class_is_the_one_of_make_class(tmp_path: Path, class_list, monkeypatch) -> None:
    local = _make_class(monkeypatch, tmp_path, class_list)
    values = load()
    c = spawner_config(values, hub_config(values, class_list, monkeypatch))
    spawner = kube_spawner(c, monkeypatch)
    # who gets in
    assert c.JupyterHub.authenticator_class == (
        f"{local.JupyterHub.authenticator_class.__module__}."
        f"{local.JupyterHub.authenticator_class.__name__}"
    )
    assert c.Authenticator.allowed_users == local.Authenticator.allowed_users
    assert set(c.Authenticator.admin_users) == local.Authenticator.admin_users
    assert (
        c.FirstUseAuthenticator.min_password_length
        == local.FirstUseAuthenticator.min_password_length
    )
    assert c.JupyterHub.template_paths == local.JupyterHub.template_paths  # the hub's pages
    assert c.JupyterHub.template_vars == local.JupyterHub.template_vars  # and their words
    # a learner's server: the same program, server configuration, start page, environment
    assert Path(spawner.cmd[0]).name == Path(local.Spawner.cmd[0]).name
    assert spawner.cmd[1:] == local.Spawner.cmd[1:]
    [local_args] = local.Spawner.args
    assert _in_image(spawner.args[0].split("=", 1)[1]) == str(
        Path(local_args.split("=", 1)[1]).relative_to(ROOT)
    )
    assert _in_image(spawner.notebook_dir) == str(
        Path(local.Spawner.notebook_dir).relative_to(ROOT)
    )
    assert spawner.default_url == local.Spawner.default_url
    assert _in_image(spawner.environment["JUPYTER_PATH"]) == str(
        Path(local.Spawner.environment["JUPYTER_PATH"]).relative_to(ROOT)
    )
    for name in ("DICELAB_MAX_KERNELS", "DICELAB_LAB"):  # DICELAB_CLASS_URL: above
        assert spawner.environment[name] == local.Spawner.environment[name]
    # the class service: the same program, scope, roles and server tokens' scopes
    local_service = next(s for s in local.JupyterHub.services if s["name"] == SERVICE)
    service = next(s for s in c.JupyterHub.services if s["name"] == SERVICE)
    assert service["command"][1:] == local_service["command"][1:]
    assert c.JupyterHub.custom_scopes == local.JupyterHub.custom_scopes
    for role in local.JupyterHub.load_roles:
        if role["name"].startswith("dicelab-"):
            assert role in c.JupyterHub.load_roles
    for fake in _learner_and_teacher_spawners():
        assert c.KubeSpawner.server_token_scopes(fake) == local.Spawner.server_token_scopes(fake)
    assert urlparse(spawner.environment["DICELAB_CLASS_URL"]).path == (
        urlparse(local.Spawner.environment["DICELAB_CLASS_URL"]).path
    )
    # limits: make class's memory limit (per process there, for the whole server here)
    assert spawner.mem_limit == local.Spawner.mem_limit
    # the idle culler: the same timeout and interval
    [culler] = [s for s in local.JupyterHub.services if s["name"] == "idle-culler"]
    assert f"--timeout={values['cull']['timeout']}" in culler["command"]
    assert f"--cull-every={values['cull']['every']}" in culler["command"]


def test_the_learner_server_has_no_terminal_and_four_kernels(monkeypatch) -> None:
    values = load()
    for name, value in values["singleuser"]["extraEnv"].items():
        monkeypatch.setenv(name, value)
    server = PyFileConfigLoader("jupyter_server_config.py", path=str(HUB)).load_config()
    assert server.ServerApp.terminals_enabled is False
    assert server.LimitedKernelManager.max_kernels == 4
    assert server.AppsOnlyAuthorizer.lab is False
    assert server.ServerApp.jpserver_extensions["jupyterlab"] is False


def test_the_image_has_what_the_values_point_at() -> None:
    """Every path the values name in the learner's image is copied there by the Dockerfile."""
    dockerfile = (Z2JH / "Dockerfile").read_text()
    singleuser = dockerfile.split("AS singleuser", 1)[1].split("AS hub", 1)[0]
    copied = [
        source
        for line in re.findall(r"^COPY (.+)$", singleuser, flags=re.MULTILINE)
        for source in line.split()[:-1]
    ]
    for source in copied:
        assert (ROOT / source).exists(), source
    values = load()
    named = [
        values["hub"]["config"]["KubeSpawner"]["args"][0].split("=", 1)[1],
        values["hub"]["config"]["KubeSpawner"]["notebook_dir"],
        values["singleuser"]["extraEnv"]["JUPYTER_PATH"],
    ]
    for path in named:
        inside = _in_image(path)
        assert any(inside == s.rstrip("/") or inside.startswith(s) for s in copied), inside
    assert "binder/requirements.txt" in singleuser and "binder/postBuild" in singleuser
    assert "WORKDIR /srv/dicelab" in singleuser
    assert 'CMD ["python", "-m", "dicelab.hub.singleuser"]' in singleuser


def test_a_misspelt_key_of_the_large_class_is_found() -> None:
    values = merged("config.yaml", "large-class.yaml")
    placeholder = values["scheduling"]["userPlaceholder"]
    placeholder["replica"] = placeholder.pop("replicas")
    assert chart_problems(values) == ["scheduling.userPlaceholder.replica: not a key of the chart"]


def test_a_large_class_keeps_its_hub_and_passwords_off_the_hub_volume(
    class_list, monkeypatch
) -> None:
    values = merged("config.yaml", "large-class.yaml")
    assert values["hub"]["db"]["type"] == "postgres"
    assert values["hub"]["db"]["url"].startswith("postgresql+psycopg2://")
    c = hub_config(values, class_list, monkeypatch)
    authenticator = ClassFirstUseAuthenticator(config=c)
    [mount] = values["hub"]["extraVolumeMounts"]
    assert Path(authenticator.dbm_path).parent == Path(mount["mountPath"])
    [volume] = values["hub"]["extraVolumes"]
    claim = yaml.safe_load((Z2JH / "passwords-pvc.yaml").read_text())
    assert volume["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]
    assert volume["name"] == mount["name"]


# -- JupyterHub itself loads the class -----------------------------------------------------


@pytest.mark.slow
def test_jupyterhub_loads_the_class_and_grants_its_scopes(
    tmp_path: Path, class_list, monkeypatch, custom_scopes
) -> None:
    """JupyterHub's own start (database, custom scope, roles, users, the service) with the
    values' configuration, and the scopes it then gives the servers' tokens: a learner's may
    use the class service, the teacher's also holds the teacher's scope."""
    import asyncio

    from jupyterhub import orm, roles

    c = hub_config(load(), class_list, monkeypatch)
    c.JupyterHub.db_url = f"sqlite:///{tmp_path / 'jupyterhub.sqlite'}"
    c.JupyterHub.cookie_secret_file = str(tmp_path / "cookie_secret")
    c.FirstUseAuthenticator.dbm_path = str(tmp_path / "passwords.dbm")
    hub = JupyterHub(config=c)
    try:
        asyncio.run(hub.initialize([]))
        db = hub.db
        assert {user.name for user in db.query(orm.User)} == {"ada", "bob", "teacher"}
        assert [u.name for u in orm.Role.find(db, "dicelab-teacher").users] == ["teacher"]
        assert hub._service_map[SERVICE].managed

        def granted(name: str, requested: set[str], client_id: str) -> set[str]:
            user = orm.User.find(db, name)
            have = roles.roles_to_scopes(roles.get_roles_for(user)) | {"inherit"}
            client = db.query(orm.OAuthClient).filter_by(identifier=client_id).one()
            resolved, _ = scopes._resolve_requested_scopes(requested, have, user, client, db)
            return set(resolved)

        def server_token(name: str, admin: bool) -> set[str]:
            """The scopes of a server's token, resolved as User.spawn resolves them."""
            fake = SimpleNamespace(user=SimpleNamespace(admin=admin))
            requested = {
                scope + f"={name}/" if scope.endswith("!server") else scope
                for scope in hub.config.KubeSpawner.server_token_scopes(fake)
            }
            user = orm.User.find(db, name)
            have = roles.roles_to_scopes(roles.get_roles_for(user)) | {"inherit"}
            client = db.query(orm.OAuthClient).filter_by(identifier="jupyterhub").one()
            resolved, _ = scopes._resolve_requested_scopes(requested, have, user, client, db)
            return set(resolved)

        access = f"access:services!service={SERVICE}"
        teach = "custom:dicelab-class:teach"
        ada, teacher = server_token("ada", False), server_token("teacher", True)
        assert access in ada and teach not in ada
        assert {access, teach} <= teacher
    finally:
        hub.db.close()
        JupyterHub.clear_instance()
