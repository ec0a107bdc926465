"""The Farkle dashboards: the play app (``app``) and the risk explorer (``risk_explorer``)."""
