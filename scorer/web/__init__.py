"""The table app: Flask views, forms, models and services over the engine."""
