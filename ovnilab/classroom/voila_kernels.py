"""A cap on the boards Voila runs at once, with a page that says so.

Each visitor of a served solo board gets a kernel of its own (~70 MB). A room that opens
boards in several tabs, or a page reloaded many times, could otherwise start kernels
until the machine swaps. :class:`CappedKernelManager` is Jupyter's usual kernel manager
that refuses to start one more than ``max_kernels``: the visitor then gets an HTTP 503
page from ovnilab's Voila template (``503.html``) that says what happened and what to do
(close boards you no longer use, or wait: the kernels of closed pages are shut down
after :data:`ovnilab.classroom.server.CULL_SECONDS` idle seconds). ``make play`` sets
it (``MAX_BOARDS``, default :data:`MAX_BOARDS`).

:func:`give_xsrf_cookie` lets a board's page shut its kernel down when the visitor leaves
it (ovnilab's Voila configuration, ``ovnilab/classroom/jupyter_config/voila.py``, sets it).

It runs inside Voila's process (``--VoilaConfiguration.multi_kernel_manager_class``), so
this module imports only Jupyter's own packages.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

from .limits import MAX_BOARDS

__all__ = ["CappedKernelManager", "MAX_BOARDS", "give_xsrf_cookie"]



class CappedKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with at most ``max_kernels`` kernels running."""

    max_kernels = Integer(MAX_BOARDS, config=True, help="the most kernels (served boards) running at once")

    async def start_kernel(self, *args: Any, kernel_id: str | None = None, **kwargs: Any) -> str:
        # a restart of a known kernel is not a new board
        if (kernel_id is None or kernel_id not in self) and len(self.list_kernel_ids()) >= self.max_kernels:
            self.log.warning("ovnilab: %d boards are running, the most this server runs; a visitor was "
                             "asked to wait", len(self.list_kernel_ids()))
            raise web.HTTPError(503, "this server runs at most %d board(s) at once, and all are in use",
                                self.max_kernels, reason="This server is full")
        return await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)


def give_xsrf_cookie(handler: Any, notebook: Any = None, cwd: str | None = None) -> None:
    """Voila's prelaunch hook (``VoilaConfiguration.prelaunch_hook``): the board's page gets
    Jupyter's ``_xsrf`` cookie, as JupyterLab's pages do. A page that is left asks the
    server to shut its kernel down (a POST that must carry the cookie's value), and Voila's
    own page never set the cookie: the server refused each one ("403 POST
    /voila/api/shutdown/...: '_xsrf' argument missing from POST", Voila issue 1458) and the
    kernel of a closed board ran on until culled two minutes later, holding one of the
    MAX_BOARDS places. Reading the handler's token sets the cookie; the notebook is left
    as it is (None)."""
    handler.xsrf_token  # noqa: B018 - reading it is what sets the cookie
