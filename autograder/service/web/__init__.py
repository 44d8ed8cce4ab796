"""The service's HTTP floor: the JSON API, the pages (with their public page kit, templates and
static files) and the LTI routes. Reads and changes state only through `domain/`."""
