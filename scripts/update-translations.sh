#!/usr/bin/env bash
# Refresh the student-facing catalogues (docs/translations.md):
#   1. extract every _() / N_() text of autograder/ and every {% trans %} / _() of the service's
#      templates into autograder/locale/jaxgrade.pot (babel.cfg says which files);
#   2. merge new and changed msgids into each language's .po (a changed one becomes "fuzzy");
#   3. compile each .po into the .mo the package reads at run time (committed: the grader image,
#      Gradescope and the grading child read it with the standard library, without Babel).
# The same for jaxcourse/ (the students' kernel), whose catalogue ships inside the release.
# tests/test_translations.py fails until the .pot, every .po and every .mo agree with the code.
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=.venv/bin/pybabel
[ -x "$pybabel" ] || { echo "update-translations: run ./scripts/bootstrap.sh first (Babel is a dev dependency)" >&2; exit 1; }
for pkg in autograder:jaxgrade jaxcourse:jaxcourse; do
  dir=${pkg%%:*} domain=${pkg##*:}
  [ -d "$dir/locale" ] || continue
  "$pybabel" -q extract -F "$dir/locale/babel.cfg" -k N_ --no-location --sort-output --omit-header \
    -o "$dir/locale/$domain.pot" "$dir"
  for po in "$dir"/locale/*/LC_MESSAGES/"$domain".po; do
    [ -e "$po" ] || continue
    "$pybabel" -q update -D "$domain" -i "$dir/locale/$domain.pot" -d "$dir/locale" --no-fuzzy-matching \
      --ignore-obsolete --ignore-pot-creation-date -l "$(basename "$(dirname "$(dirname "$po")")")"
  done
  "$pybabel" -q compile --statistics -D "$domain" -d "$dir/locale" || true
done
echo "update-translations: translate the new msgids (empty msgstr) in every .po, then run this again" >&2
