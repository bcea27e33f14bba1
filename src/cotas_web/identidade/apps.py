from django.apps import AppConfig


class Config(AppConfig):
    name = "cotas_web.identidade"
    label = "identidade"
    verbose_name = "Identidade do órgão"
    default_auto_field = "django.db.models.BigAutoField"
