"""The service put together: the FastAPI application (`app.py`), the grading workers
(`worker.py`) and `jaxgrade lti` (`lti_cli.py`). Nothing else of the service imports this floor."""
