"""Correção de um dado do candidato depois da homologação: só por ato registrado (o quê, de
quanto para quanto, por quê, com que fundamento, quem). O candidato passa a guardar o valor
corrigido, e tudo o que reencena o certame (listas, documentos, páginas públicas) o lê dali."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from cotas.arquivos import campos
from cotas.arquivos.esquema import CONVERSORES_DE_CAMPO
from cotas_web.auditoria import pelo_registro
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.services import registrar
from cotas_web.banco import atualizar_estatisticas
from cotas_web.certames import datas
from cotas_web.certames.services import certame_travar
from cotas_web.ponte import leis, mudancas, reencenacao
from cotas_web.ponte.erros import ErroCotas

from .consequencias import consequencias, nomeador, preteridos, preterimentos
from .models import Candidato, Correcao, Situacao

if TYPE_CHECKING:
    from cotas_web.ponte.tipos import CampoDoCandidato

# O que se corrige assim, com o rótulo da tela. A cor/raça e as opções de reserva não: são
# declarações do candidato, que a comissão e o procedimento por declaração falsa decidem.
CAMPOS_CORRIGIVEIS = {
    "nome": "Nome",
    "nota": "Nota",
    "data_nascimento": "Data de nascimento",
    "situacao": "Situação",
    "classificacao": "Classificação",
}
# E os campos que a lei do certame declara ([[campos]]: anos em escola pública, ser quilombola),
# que decidem a elegibilidade a um grupo: `campos.<nome>` é o valor `<nome>` de
# `Candidato.campos`, lido pelo conversor do tipo dele, o da importação.
PREFIXO_DA_LEI = "campos."


def campos_da_lei(certame: Any) -> dict[str, CampoDoCandidato]:
    """Os campos que a lei do certame declara, pela chave da correção (`campos.<nome>`)."""
    return {PREFIXO_DA_LEI + c.nome: c for c in leis.esquema_do_certame(certame).campos_da_lei}


def campos_corrigiveis(certame: Any) -> dict[str, str]:
    """O que se corrige no certame, com o rótulo da tela: os de todo certame e os da lei dele."""
    return {
        **CAMPOS_CORRIGIVEIS,
        **{chave: c.rotulo for chave, c in campos_da_lei(certame).items()},
    }


def _ler(certame: Any, campo: str, texto: str) -> Any:
    """O valor pedido, lido pelas mesmas regras da importação (o mesmo erro, a mesma forma)."""
    da_lei = campos_da_lei(certame)
    if campo not in CAMPOS_CORRIGIVEIS and campo not in da_lei:
        raise ValidationError(f"O campo “{campo}” não se corrige por aqui.")
    if campo in da_lei:
        rotulo = da_lei[campo].rotulo
        conversor = CONVERSORES_DE_CAMPO[da_lei[campo].tipo]
    else:
        rotulo = CAMPOS_CORRIGIVEIS[campo]
        conversor = (
            campos.conversor_nascimento(certame.data_edital)
            if campo == "data_nascimento"
            else campos.CONVERSORES[campo]
        )
    try:
        valor = conversor(texto)
    except campos.ValorInvalido as erro:
        raise ValidationError(f"{rotulo}: {erro}.") from None
    if campo == "situacao":
        return str(valor)
    if valor is None and campo in ("data_nascimento",):
        raise ValidationError(f"{rotulo}: informe o valor corrigido.")
    return valor


def ler_valor(*, certame: Any, campo: str, texto: str) -> Any:
    """O valor corrigido pedido, lido como o service o lerá (o formulário o confere antes da
    página de confirmação)."""
    return _ler(certame, campo, texto)


def valor_atual(candidato: Candidato, campo: str) -> Any:
    """O valor gravado do campo (o da lei: None se a importação não o trouxe)."""
    if campo.startswith(PREFIXO_DA_LEI):
        return (candidato.campos or {}).get(campo.removeprefix(PREFIXO_DA_LEI))
    return getattr(candidato, campo)


def _gravar(candidato: Candidato, campo: str, valor: Any) -> None:
    # (Só a linha dele muda: o quadro guardado do cargo relê só ela, `mudancas`.)
    with mudancas.mudando(candidato.certame_id, [candidato.pk]):
        if campo.startswith(PREFIXO_DA_LEI):
            nome = campo.removeprefix(PREFIXO_DA_LEI)
            candidato.campos = {**(candidato.campos or {}), nome: valor}
            candidato.save(update_fields=["campos"])
        else:
            setattr(candidato, campo, valor)
            candidato.save(update_fields=[campo])


def mostrar(campo: str, valor: Any) -> str:
    """O valor como a tela e o registro o mostram."""
    if valor is None or valor == "":
        return ""
    if campo.startswith(PREFIXO_DA_LEI) and isinstance(valor, bool):
        # (só nos campos da lei: o texto dos outros está nas impressões já gravadas)
        return "sim" if valor else "não"
    if isinstance(valor, date):
        return f"{valor:%d/%m/%Y}"
    if isinstance(valor, Decimal):
        return format(valor.normalize(), "f").replace(".", ",")
    if campo == "situacao":
        return str(Situacao(str(valor)).rotulo)
    return str(valor)


def valor_corrigido(candidato: Candidato, campo: str, valor: str) -> Any:
    """O valor pedido, lido e conferido (diferente do gravado); `ValidationError` se não."""
    novo = _ler(candidato.certame, campo, valor)
    if mostrar(campo, valor_atual(candidato, campo)) == mostrar(campo, novo):
        raise ValidationError(
            f"{campos_corrigiveis(candidato.certame)[campo]}: o valor pedido é o que já está "
            "gravado."
        )
    return novo


def consequencias_da_correcao(*, candidato: Candidato, campo: str, valor: str) -> list[str]:
    """O que a correção mudaria, sem gravá-la (a página de confirmação o mostra)."""
    novo = valor_corrigido(candidato, campo, valor)

    def aplicar(simulado: Candidato) -> None:
        _gravar(simulado, campo, novo)

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
    corrigiveis = campos_corrigiveis(certame)
    if campo not in corrigiveis:
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
    datas.exigir_ate_hoje(data, "Correção")
    anterior = valor_atual(candidato, campo)
    novo = valor_corrigido(candidato, campo, valor)
    _gravar(candidato, campo, novo)
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
            f"({candidato.nome}): {corrigiveis[campo].lower()} "
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
