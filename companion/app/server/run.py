"""Serving the web build: Flet's ASGI app behind the edge guard, on uvicorn, offline.

Flet's own `ft.run(view=WEB_BROWSER)` would answer every origin (`access-control-allow-origin: *`) and
take several seconds to stop with clients connected; so Shinpan takes Flet's ASGI app and runs it here.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import flet as ft
import uvicorn
from flet.app import AppCallable
from sqlalchemy.engine import Engine

from companion.app.server.club_gate import ClubGate
from companion.app.server.edge import EdgePolicy
from companion.app.server.guard import ASGIApp, EdgeGuard
from companion.app.server.offline import OfflineAssets
from companion.app.server.quiet_log import quiet_server_logs
from companion.app.server.sound import TriggerSound


@dataclass(frozen=True)
class ClubOptions:
    """The database the board reads and the PIN lives in; whether the app needs the PIN."""

    engine: Engine
    pin_required: bool


SHUTDOWN_GRACE = 1  # seconds open connections get after SIGTERM: the server is gone within 2 s
LOG_FORMAT = "%(asctime)s shinpan serve: %(message)s"


def web_app(main: AppCallable, assets_dir: str, policy: EdgePolicy, club: ClubOptions | None = None) -> ASGIApp:
    """The whole served app: Flet's web build (offline, no CDN, with the trigger sound's script) behind
    the club's routes (PIN form, board) where there is a database, all behind the edge guard."""
    app: ASGIApp = TriggerSound(OfflineAssets(ft.run(main, export_asgi_app=True, no_cdn=True, assets_dir=assets_dir)))
    if club is not None:
        app = ClubGate(app, club.engine, pin_required=club.pin_required)
    return EdgeGuard(app, policy)


def serve_forever(main: AppCallable, *, host: str, port: int, assets_dir: str,
                  policy: EdgePolicy, club: ClubOptions | None = None) -> None:
    """Serve until SIGINT or SIGTERM; a write in flight finishes, open connections get SHUTDOWN_GRACE."""
    config = uvicorn.Config(web_app(main, assets_dir, policy, club), host=host, port=port, ws="websockets-sansio",
                            log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=SHUTDOWN_GRACE)
    # After uvicorn's Config, which sets its own logging up: the limiter must sit on top of it.
    logging.basicConfig(level=logging.WARNING, format=LOG_FORMAT)
    quiet_server_logs()
    uvicorn.Server(config).run()
