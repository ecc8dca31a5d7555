"""The Flet app: screens render view-models (pure Python, in `viewmodels/`) and forward events to them."""
