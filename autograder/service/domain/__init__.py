"""The service's rules, over `storage/`, in feature packages that import each other only downwards
(the `service-domain-features` contract in pyproject.toml; docs/service-layers.md):

    entry       what pages call that takes the whole `Service`: page queries, the upload entry
    review      a TA's review of one student's work: grade review, regrade requests, line comments,
                rubric commands on written quiz answers (they take `core.Service`, so they sit above it)
    core        `Service`: the parts put together on one database
    regrades    regrade runs and their queue
    queue       the grading queue and its leases; finishing a grading records it through the gradebook
    gradebook   the gradebook of record and every command that changes a grade (overrides,
                extensions, release, quiz reads, LTI launch and roster sync), the exports, and the
                LMS score outbox those commands feed
    intake | quiz     an upload's way in; the quiz's stored answers, rubric items, model answers
    identity | lti    accounts, tokens, log-ins; the LTI platforms, links and roster
    course      the shared kernel: settings, assignments, deadlines and extensions, the audit log,
                attempts and their graded artefacts as stored

Packages in one row never import each other. Never imports `web/` or `app/`."""
