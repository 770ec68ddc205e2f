# One image for web (daphne), the Celery worker and Celery beat.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app

COPY pyproject.toml .
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" > /tmp/requirements.txt \
    && pip install --no-cache-dir -r /tmp/requirements.txt

COPY . .
RUN SECRET_KEY=collectstatic-only DEBUG=false STATIC_ROOT=/app/staticfiles \
    python manage.py collectstatic --noinput \
    && useradd --create-home stpete
USER stpete

EXPOSE 8000
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "stpete_site.asgi:application"]
