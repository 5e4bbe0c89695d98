from admiralty.cli import main

raise SystemExit(main())
