import sys

from extract.cli.main import main

sys.exit(main())
