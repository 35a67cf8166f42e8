"""Flask extensions, created unbound and attached in create_app (microblog style)."""

from flask_babel import Babel
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
babel = Babel()
