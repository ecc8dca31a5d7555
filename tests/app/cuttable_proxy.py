"""A TCP proxy on loopback whose connections a test can cut, as a phone's Wi-Fi drops: while cut, open
connections are closed and new ones are refused at once; restored, it forwards again."""

from __future__ import annotations

import asyncio
import contextlib
import threading


class CuttableProxy:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self._cut = False
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        assert self._ready.wait(10), "the proxy did not start"

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._cut:
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, up_writer}
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, ConnectionError, asyncio.IncompleteReadError):
            while not reader.at_eof():
                data = await reader.read(65536)
                if not data or self._cut:
                    break
                writer.write(data)
                await writer.drain()
        with contextlib.suppress(OSError, RuntimeError):
            writer.close()
        self._writers.discard(writer)

    def cut(self) -> None:
        def close_all() -> None:
            self._cut = True
            for writer in list(self._writers):
                with contextlib.suppress(OSError, RuntimeError):
                    writer.transport.abort()
            self._writers.clear()
        self._loop.call_soon_threadsafe(close_all)

    def restore(self) -> None:
        self._loop.call_soon_threadsafe(setattr, self, "_cut", False)

    def close(self) -> None:
        self.cut()

        async def finish() -> None:
            pending = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            self._loop.stop()
        asyncio.run_coroutine_threadsafe(finish(), self._loop)
        self._thread.join(5)
