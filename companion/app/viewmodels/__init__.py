"""One view-model per screen. None of them imports Flet: they are tested without a client."""
