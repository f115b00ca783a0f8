"""deploy/k8s/ (issue 14): every manifest is valid against the Kubernetes schemas that
the kubernetes-validate package ships (strict: unknown fields fail), and says what the
deployment needs: probes on web, one beat, config from the Secret, a migration Job."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
VERSION = "1.30.0"


def documents() -> list[dict[str, Any]]:
    docs = []
    for path in sorted(K8S.glob("*.yaml")):
        docs += [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    return docs


def by_name(kind: str, name: str) -> dict[str, Any]:
    found = [d for d in documents() if d["kind"] == kind and d["metadata"]["name"] == name]
    assert len(found) == 1, (kind, name)
    return found[0]


@pytest.mark.parametrize("doc", documents(), ids=lambda d: f"{d['kind']}/{d['metadata']['name']}")
def test_each_manifest_is_valid_against_the_kubernetes_schema(doc: dict[str, Any]) -> None:
    kubernetes_validate.validate(doc, VERSION, strict=True)


def test_the_deployment_has_every_part_the_issue_asks_for() -> None:
    web = by_name("Deployment", "rummy-web")["spec"]["template"]["spec"]["containers"][0]
    assert web["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert web["readinessProbe"]["httpGet"]["path"] == "/readyz"
    beat = by_name("Deployment", "rummy-beat")["spec"]
    assert beat["replicas"] == 1 and beat["strategy"]["type"] == "Recreate"
    by_name("Deployment", "rummy-worker")
    # issue 26: a worker or beat alive but idle is restarted by its liveness probe
    for kind in ("worker", "beat"):
        spec = by_name("Deployment", f"rummy-{kind}")["spec"]["template"]["spec"]
        probe = spec["containers"][0]["livenessProbe"]
        assert probe["exec"]["command"] == ["python", "manage.py", "liveness", kind]
        # the probe runs Django's start-up: it needs more than the default 1 s
        assert probe["timeoutSeconds"] >= 10
    job = by_name("Job", "rummy-migrate")["spec"]["template"]["spec"]["containers"][0]
    assert job["command"][-2:] == ["migrate", "--noinput"]
    secret = by_name("Secret", "rummy-config")
    for doc in documents():
        if doc["kind"] in {"Deployment", "Job"}:
            for container in doc["spec"]["template"]["spec"]["containers"]:
                assert container["envFrom"] == [{"secretRef": {"name": "rummy-config"}}]
    assert {"DATABASE_URL", "REDIS_URL", "SECRET_KEY"} <= set(secret["stringData"])
