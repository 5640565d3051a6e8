"""The floor: the smallest Flask app, served like the real one."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    """Say hello."""
    return "Hello, World!"
