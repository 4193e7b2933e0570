import sys

from tests.golden import main

sys.exit(main())
