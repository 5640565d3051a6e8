"""Flask extensions, created unbound and initialised by the app factory."""

from flask_babel import Babel
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Base of the typed models."""


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()
compress = Compress()
#: Per-client limits (scorer.web.limits); the store is RATELIMIT_STORAGE_URI from the config.
limiter = Limiter(key_func=get_remote_address)
