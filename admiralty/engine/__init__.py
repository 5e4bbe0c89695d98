"""The headless engine: typed model, seeded games, players, smoke games."""
