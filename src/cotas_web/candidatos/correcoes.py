"""Correção de um dado do candidato depois da homologação: só por ato registrado (o quê, de
quanto para quanto, por quê, com que fundamento, quem). O candidato passa a guardar o valor
corrigido, e tudo o que reencena o certame (listas, documentos, páginas públicas) o lê dali."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from cotas.arquivos import campos
from cotas_web.auditoria import pelo_registro
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.services import registrar
from cotas_web.banco import atualizar_estatisticas
from cotas_web.certames.services import certame_travar
from cotas_web.ponte import reencenacao
from cotas_web.ponte.erros import ErroCotas

from .consequencias import consequencias, nomeador, preteridos, preterimentos
from .models import Candidato, Correcao, Situacao

# O que se corrige assim, com o rótulo da tela. A cor/raça e as opções de reserva não: são
# declarações do candidato, que a comissão e o procedimento por declaração falsa decidem.
CAMPOS_CORRIGIVEIS = {
    "nome": "Nome",
    "nota": "Nota",
    "data_nascimento": "Data de nascimento",
    "situacao": "Situação",
    "classificacao": "Classificação",
}


def _ler(campo: str, texto: str, data_edital: date) -> Any:
    """O valor pedido, lido pelas mesmas regras da importação (o mesmo erro, a mesma forma)."""
    conversor = (
        campos.conversor_nascimento(data_edital)
        if campo == "data_nascimento"
        else campos.CONVERSORES[campo]
    )
    try:
        valor = conversor(texto)
    except campos.ValorInvalido as erro:
        raise ValidationError(f"{CAMPOS_CORRIGIVEIS[campo]}: {erro}.") from None
    if campo == "situacao":
        return str(valor)
    if valor is None and campo in ("data_nascimento",):
        raise ValidationError(f"{CAMPOS_CORRIGIVEIS[campo]}: informe o valor corrigido.")
    return valor


def ler_valor(campo: str, texto: str, data_edital: date) -> Any:
    """O valor corrigido pedido, lido como o service o lerá (o formulário o confere antes da
    página de confirmação)."""
    if campo not in CAMPOS_CORRIGIVEIS:
        raise ValidationError(f"O campo “{campo}” não se corrige por aqui.")
    return _ler(campo, texto, data_edital)


def mostrar(campo: str, valor: Any) -> str:
    """O valor como a tela e o registro o mostram."""
    if valor is None or valor == "":
        return ""
    if isinstance(valor, date):
        return f"{valor:%d/%m/%Y}"
    if isinstance(valor, Decimal):
        return format(valor.normalize(), "f").replace(".", ",")
    if campo == "situacao":
        return str(Situacao(str(valor)).rotulo)
    return str(valor)


def valor_corrigido(candidato: Candidato, campo: str, valor: str) -> Any:
    """O valor pedido, lido e conferido (diferente do gravado); `ValidationError` se não."""
    if campo not in CAMPOS_CORRIGIVEIS:
        raise ValidationError(f"O campo “{campo}” não se corrige por aqui.")
    novo = _ler(campo, valor, candidato.certame.data_edital)
    if mostrar(campo, getattr(candidato, campo)) == mostrar(campo, novo):
        raise ValidationError(
            f"{CAMPOS_CORRIGIVEIS[campo]}: o valor pedido é o que já está gravado."
        )
    return novo


def consequencias_da_correcao(*, candidato: Candidato, campo: str, valor: str) -> list[str]:
    """O que a correção mudaria, sem gravá-la (a página de confirmação o mostra)."""
    novo = valor_corrigido(candidato, campo, valor)

    def aplicar(simulado: Candidato) -> None:
        setattr(simulado, campo, novo)
        simulado.save(update_fields=[campo])

    try:
        return consequencias(candidato.certame, candidato, aplicar)
    except ErroCotas as erro:
        raise ValidationError(f"A correção seria recusada: {erro}") from erro


def _preterido(
    certame: Any, candidato: Candidato, com_atos: Any
) -> tuple[list[str], list[dict[str, Any]]]:
    """As nomeações publicadas que a correção teria mudado, para o registro do ato: as frases e
    cada preterição (`consequencias.preterimentos`)."""
    cargo = candidato.cargo.codigo
    if not com_atos.aberto or not any(
        dict(n.razao.valores).get("ato") for n in com_atos.nomeacoes(cargo)
    ):
        return [], []  # sem nomeação publicada no cargo, não há quem a correção teria preterido
    sem_atos = reencenacao.reencenar_cargo(certame, cargo, com_publicadas=False)
    return (
        preteridos(com_atos, sem_atos, cargo, nomeador(certame)),
        preterimentos(com_atos, sem_atos, cargo),
    )


def _com_ponto(frase: str) -> str:
    """A frase terminada em ponto (o motivo vem seguido das frases da preterição)."""
    frase = frase.strip()
    return frase if frase.endswith((".", "!", "?")) else f"{frase}."


@transaction.atomic
def candidato_corrigir(
    *,
    usuario: User,
    candidato: Candidato,
    campo: str,
    valor: str,
    motivo: str,
    fundamento: str,
    data: date,
) -> Correcao:
    """Corrige um dado do candidato, depois da homologação, com o registro. Antes dela o
    arquivo inteiro se troca (a importação substituída)."""
    certame = certame_travar(candidato.certame_id)
    candidato = Candidato.objects.get(pk=candidato.pk)
    if campo not in CAMPOS_CORRIGIVEIS:
        raise ValidationError(f"O campo “{campo}” não se corrige por aqui.")
    if not certame.homologado:
        raise ValidationError(
            "O certame ainda não foi homologado: corrija o arquivo da banca e substitua a "
            "importação inteira."
        )
    if not motivo.strip() or not fundamento.strip():
        raise ValidationError("A correção exige o motivo e o fundamento legal.")
    if data < certame.homologado_em:  # type: ignore[operator]
        raise ValidationError(
            f"Correção em {data:%d/%m/%Y} recusada: é anterior à homologação, de "
            f"{certame.homologado_em:%d/%m/%Y}."
        )
    anterior = getattr(candidato, campo)
    novo = valor_corrigido(candidato, campo, valor)
    setattr(candidato, campo, novo)
    candidato.save(update_fields=[campo])
    # O motor confere o certame com o valor corrigido (um empate que nenhum critério desfaz,
    # por exemplo, recusa a correção); as nomeações publicadas ficam como foram publicadas.
    com_atos = reencenacao.conferir_no_motor(certame)
    preterido, preterimentos_ = _preterido(certame, candidato, com_atos)
    if not Correcao.objects.exists():
        # A primeira correção do banco: sem estatísticas da tabela, o SQLite a supõe grande e
        # junta as correções de um certame percorrendo os candidatos dele (0,36 s num milhão, a
        # cada publicação); com elas, parte das poucas correções (`banco.atualizar_estatisticas`).
        transaction.on_commit(lambda: atualizar_estatisticas(Correcao))
    correcao = Correcao.objects.create(
        candidato=candidato,
        campo=campo,
        anterior=mostrar(campo, anterior),
        novo=mostrar(campo, novo),
        motivo=motivo.strip(),
        fundamento=fundamento.strip(),
        data=data,
        usuario=usuario,
    )
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.CANDIDATO_CORRIGIDO,
        descricao=(
            f"Correção de {data:%d/%m/%Y} na inscrição {candidato.inscricao} "
            f"({candidato.nome}): {CAMPOS_CORRIGIVEIS[campo].lower()} "
            f"{correcao.anterior or '(vazio)'} → {correcao.novo or '(vazio)'}. "
            f"Motivo: {_com_ponto(correcao.motivo)}" + "".join(f" {frase}" for frase in preterido)
        ),
        fundamento=correcao.fundamento,
        dados={
            "correcao": correcao.pk,
            "campo": campo,
            "fatos": pelo_registro.fatos_correcao(correcao),
            **({"preteridos": preterimentos_} if preterimentos_ else {}),
        },
    )
    return correcao
