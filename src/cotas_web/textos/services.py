"""O modelo de um texto para publicar, gravado pelo órgão: conferido (campos conhecidos, com a
linha e a coluna de cada erro), sob a trava da linha e com o registro de auditoria do que
mudou, na cadeia sem certame (é do órgão, vale para todos os certames)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from cotas.documentos.atos import MODELOS_PADRAO, TIPOS, Modelo, ModeloInvalido, conferir_modelo
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.services import registrar

from .models import ModeloDeTexto

CAMPOS = (
    ("titulo", "título"),
    ("corpo", "texto"),
    ("signatario_nome", "nome de quem assina"),
    ("signatario_cargo", "cargo de quem assina"),
)


@transaction.atomic
def modelo_salvar(
    *,
    usuario: User,
    tipo: str,
    titulo: str,
    corpo: str,
    signatario_nome: str,
    signatario_cargo: str,
) -> list[str]:
    """Grava o modelo do tipo e registra o que mudou; devolve os campos mudados (vazio: nada
    mudou, nada gravado). `ValidationError` com todos os erros do modelo."""
    if tipo not in TIPOS:
        raise ValidationError(f"Tipo de texto desconhecido: {tipo}.")
    try:
        conferir_modelo(Modelo(titulo, corpo))
    except ModeloInvalido as erro:
        raise ValidationError(erro.erros) from erro
    padrao = MODELOS_PADRAO[tipo]
    modelo, _ = ModeloDeTexto.objects.select_for_update().get_or_create(
        tipo=tipo, defaults={"titulo": padrao.titulo, "corpo": padrao.corpo}
    )
    novos = {
        "titulo": titulo.strip(),
        "corpo": corpo.strip().replace("\r\n", "\n"),
        "signatario_nome": signatario_nome.strip(),
        "signatario_cargo": signatario_cargo.strip(),
    }
    mudados = [rotulo for campo, rotulo in CAMPOS if getattr(modelo, campo) != novos[campo]]
    if not mudados:
        return []
    for campo, valor in novos.items():
        setattr(modelo, campo, valor)
    modelo.save()
    registrar(
        usuario=usuario,
        certame=None,
        acao=AcaoAuditada.MODELO_DE_TEXTO_ALTERADO,
        descricao=f"Modelo do texto “{TIPOS[tipo]}” alterado: {', '.join(mudados)}.",
        dados={"tipo": tipo, **novos},
    )
    return mudados
