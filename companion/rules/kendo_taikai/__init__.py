"""What Kendo Shiai and Musashi's Challenge share: the Kendo Taikai cards (no ruleset here)."""
