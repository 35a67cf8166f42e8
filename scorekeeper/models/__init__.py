"""SQLModel tables. Importing this package registers every table on SQLModel.metadata."""

from .match import *  # noqa: F401,F403
from .season import *  # noqa: F401,F403
from .security import *  # noqa: F401,F403
from .tournament import *  # noqa: F401,F403
