"""An upload's way in: which assignment it goes to, what may refuse it (deadline, size, the per-student
refusal bucket), and the personalised release notebooks a student downloads. Imports only `course`."""
