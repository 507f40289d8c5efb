import sys

from student_repo.cli import main

sys.exit(main(sys.argv[1:]))
