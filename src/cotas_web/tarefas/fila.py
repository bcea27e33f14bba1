"""A tarefa da fila (django-tasks): só o id; o trabalho e o andamento ficam em `Tarefa`."""

from __future__ import annotations

from django_tasks import task

from . import services


@task()
def executar_tarefa(tarefa_id: str) -> None:
    services.executar(tarefa_id)
