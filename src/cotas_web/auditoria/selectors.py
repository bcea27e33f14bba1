from django.db.models import QuerySet

from .models import Registro


def historico_do_certame(*, certame_id: int) -> QuerySet[Registro]:
    return Registro.objects.filter(certame_id=certame_id).order_by("quando", "id")
