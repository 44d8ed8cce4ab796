# The jaxgrade grader image: Debian trixie (python3 3.13, clang 19), the project in a venv,
# `jaxgrade` as entry point, and Gradescope's autograder layout under /autograder.
#
# It is built by the same autograder/bundle/setup.sh that Gradescope runs on the zip of
# `jaxgrade bundle`, from the same files laid out the same way (/autograder/source), so building
# this image tests that contract. Uses:
#   jaxgrade grade /subs --out /out --isolation rlimit        a whole batch inside one container
#   --entrypoint /autograder/run_autograder                   Gradescope's entry point
#   jaxgrade grade ... --isolation container --image IMAGE    (on the host) one container per child
#
# Build here with scripts/build-image.sh (podman, debootstrapped base, host CA bundle as a build
# secret, a label with the hash of the build inputs). Elsewhere:
#   docker build -f grader.Dockerfile -t jaxgrade-grader .
ARG BASE_IMAGE=debian:trixie-slim
FROM ${BASE_IMAGE}

ENV LANG=C.UTF-8 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    JAXGRADE_SLIM=1 \
    JAXCOURSE_KERNEL_DIR=/opt/jaxgrade/src/kernels \
    PATH=/opt/jaxgrade/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# Layers from the least to the most often changed: system packages, Python dependencies, project.
COPY autograder/bundle/setup.sh /autograder/source/setup.sh
RUN bash /autograder/source/setup.sh system

COPY pyproject.toml requirements.lock /autograder/source/
RUN --mount=type=secret,id=hostca,required=false \
    if [ -s /run/secrets/hostca ]; then export PIP_CERT=/run/secrets/hostca; fi; \
    bash /autograder/source/setup.sh deps

COPY scripts/run_autograder /autograder/source/run_autograder
COPY jaxcourse /autograder/source/jaxcourse
COPY kernels /autograder/source/kernels
COPY assignments /autograder/source/assignments
COPY autograder /autograder/source/autograder
# /tmp and /var/tmp 0755: in a whole batch in one container (--isolation rlimit) the children write
# only to their own scratch folders (TMPDIR points there), never to a folder shared with the others.
RUN bash /autograder/source/setup.sh project && chmod 0755 /tmp /var/tmp

# `jaxgrade grade` finds the releases under ./assignments by default.
WORKDIR /opt/jaxgrade/src
ENTRYPOINT ["jaxgrade"]
CMD ["--help"]
