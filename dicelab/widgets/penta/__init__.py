"""The Penta dashboards: the play app (``app``), its scorecard grid (``card``), the scoring
inspector (``inspector``) and what the advisor shows of the Penta solver (``advice``)."""
