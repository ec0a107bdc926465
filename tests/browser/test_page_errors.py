"""Errors nobody sees (issue 25, §8): a page's kernel connection and the kernel's subshells.

ipykernel 7 says it has subshells; @jupyterlab/services 7.6 then sends a
``create_subshell_request`` for the widgets' comms, which Voilà's server drops (a page may send
only comm and kernel-info messages). The reply never came, and when the page's connection was
cleared (the page closed, the kernel restarted) each widget's comm failed a promise nobody
waited for: about 65-75 errors per page. The front end sends its comms without subshells."""

from __future__ import annotations

import pytest

from tests.browser.waits import LOAD

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_page_closing_its_kernel_connection_logs_no_error(page, voila_url, voila_log):
    page.goto(f"{voila_url}/voila/render/penta_play.ipynb", timeout=LOAD)
    page.locator(".dl-roll:not([disabled])").first.wait_for(timeout=LOAD)
    page.click(".dl-roll")
    page.wait_for_timeout(1500)
    # What a closing page does (its beforeunload handler): shut the kernel down, let go of
    # the connection; the page stays, so that its errors are seen.
    page.evaluate("window.dispatchEvent(new Event('beforeunload'))")
    page.wait_for_timeout(2000)
    assert page.errors == []
    log = voila_log.read_text(errors="replace")
    assert "create_subshell_request" not in log
    assert "Exception in message handler" not in log
