"""Atos de provimento: ofertas de vagas, nomeações (portaria), posse, desistência.

O motor propõe; o RH confirma. Todo ato é reencenado no motor dentro da mesma transação:
se contrariar a lei (ex.: depois da validade), nada é gravado.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from cotas_web import ponte
from cotas_web.auditoria import reencenacao
from cotas_web.auditoria.services import registrar
from cotas_web.candidatos.models import Heteroidentificacao
from cotas_web.certames.models import Cargo, Certame
from cotas_web.certames.selectors import data_do_ultimo_ato
from cotas_web.certames.services import certame_travar, pedido_anterior, pedido_concluir
from cotas_web.rotulos import numero_da_portaria, rotulo_lista

from .models import Desistencia, Nomeacao, OfertaVagas, SituacaoNomeacao
from .selectors import propostas_do_motor


def _travar_nomeacao(nomeacao: Nomeacao) -> tuple[Nomeacao, Certame]:
    """A nomeação e o seu certame relidos e travados até o fim da transação, o certame antes
    (como em todo ato que o motor reencena): dois atos no mesmo certame, um de cada vez e sempre
    na mesma ordem de travas, sem impasse no PostgreSQL. (No SQLite a transação inteira já é
    exclusiva.)"""
    certame_id = Nomeacao.objects.values_list("cargo__certame_id", flat=True).get(pk=nomeacao.pk)
    certame = certame_travar(certame_id)
    travada = (
        Nomeacao.objects.select_for_update(of=("self",))
        .select_related("candidato", "cargo__certame")
        .get(pk=nomeacao.pk)
    )
    return travada, certame


def _exigir_homologado(certame: Certame) -> None:
    if not certame.homologado:
        raise ValidationError("Homologue a classificação final antes de ofertar e nomear.")


def _exigir_validade(certame: Certame, data: date, o_que: str) -> None:
    if certame.validade_ate is not None and data > certame.validade_ate:
        raise ValidationError(
            f"{o_que} em {data:%d/%m/%Y} recusada: a validade do concurso terminou em "
            f"{certame.validade_ate:%d/%m/%Y}."
        )


def _fundamento_da_saida(motor: Any, tipo: str, inscricao: str) -> str:
    """O fundamento que o motor deu à saída: depende da vaga que o candidato ocupava (a regra da
    desistência de uma lista reservada só vale para a vaga reservada), nunca recalculado aqui."""
    razao = ponte.razao_da_saida(motor, tipo, inscricao)
    return razao.fundamento_curto() if razao is not None else ""


def _fundamento_da_reserva(motor: Any, cargo: str) -> str:
    """O fundamento da reserva do cargo que o motor calculou com todos os lotes oferecidos."""
    citacoes = [
        r.citacao() for razao in motor.reserva(cargo).razoes.values() for r in razao.fundamentos
    ]
    return "; ".join(dict.fromkeys(citacoes))


def _exigir_periodo(certame: Certame, data: date, o_que: str) -> None:
    """Atos depois da homologação só entre ela e o fim da validade, as datas ditas na recusa."""
    _exigir_validade(certame, data, o_que)
    if certame.homologado_em is not None and data < certame.homologado_em:
        raise ValidationError(
            f"{o_que} em {data:%d/%m/%Y} recusada: é anterior à homologação da classificação "
            f"final, em {certame.homologado_em:%d/%m/%Y}."
        )


def _exigir_ordem_das_datas(certame: Certame, data: date, o_que: str) -> None:
    """Um ato que muda a ordem de nomeação (novas vagas, saídas, final de fila) não pode ter data
    anterior a ato já registrado: o motor reencena os atos pela data, e um ato retroativo
    refaria, em silêncio, nomeações já publicadas por portaria. No mesmo dia, vale a ordem do
    motor (docs/INTERPRETACAO.md#mesmo-dia)."""
    ultimo = data_do_ultimo_ato(certame, so_os_que_ordenam=True)
    if ultimo is not None and data < ultimo:
        raise ValidationError(
            f"{o_que} em {data:%d/%m/%Y} recusada: já há ato registrado em {ultimo:%d/%m/%Y}. "
            "Atos que mudam a ordem de nomeação se registram na ordem das datas; um ato com data "
            "anterior refaria nomeações já publicadas."
        )


@transaction.atomic
def vagas_edital_ofertar(*, usuario: User, certame: Certame, data: date) -> list[OfertaVagas]:
    """Oferece as vagas do edital de cada cargo; o motor as preenche, ampla primeiro."""
    certame = certame_travar(certame.pk)
    _exigir_homologado(certame)
    _exigir_periodo(certame, data, "Oferta de vagas")
    if OfertaVagas.objects.filter(cargo__certame=certame, do_edital=True).exists():
        raise ValidationError("As vagas do edital já foram ofertadas.")
    ofertas = [
        OfertaVagas.objects.create(
            cargo=c, data=data, quantidade=c.vagas_edital, do_edital=True,
            justificativa="Vagas previstas no edital de abertura.",
        )
        for c in certame.cargos.all()
    ]
    ponte.conferir_no_motor(certame)
    registrar(
        usuario=usuario,
        certame=certame,
        acao="vagas_edital",
        descricao="Ofertadas as vagas do edital: "
        + ", ".join(f"{o.cargo.codigo}: {o.quantidade}" for o in ofertas) + ".",
        dados={
            "fatos": {
                "vagas": {o.cargo.codigo: o.quantidade for o in ofertas},
                "data": data.isoformat(),
            }
        },
    )
    return ofertas


@transaction.atomic
def vagas_novas_ofertar(
    *,
    usuario: User,
    cargo: Cargo,
    data: date,
    quantidade: int,
    justificativa: str,
    token: str = "",
) -> OfertaVagas:
    """Novas vagas durante a validade: o percentual incide sobre o total acumulado
    (parâmetro `<grupo>.fracao_entre_lotes`). O mesmo formulário enviado de novo
    (`token`) devolve a oferta já feita, sem ofertar outra vez."""
    certame = certame_travar(cargo.certame_id)
    if (anterior := pedido_anterior(token, "vagas_novas_ofertar", OfertaVagas)) is not None:
        return anterior
    _exigir_homologado(certame)
    _exigir_periodo(certame, data, "Oferta de vagas")
    _exigir_ordem_das_datas(certame, data, "Oferta de vagas")
    if not OfertaVagas.objects.filter(cargo__certame=certame, do_edital=True).exists():
        raise ValidationError("Oferte primeiro as vagas do edital.")
    if quantidade < 1:
        raise ValidationError("Informe ao menos uma vaga.")
    if not justificativa.strip():
        raise ValidationError("Novas vagas exigem justificativa.")
    oferta = OfertaVagas.objects.create(
        cargo=cargo, data=data, quantidade=quantidade, justificativa=justificativa
    )
    pedido_concluir(token, oferta)
    motor = ponte.conferir_no_motor(certame)
    registrar(
        usuario=usuario,
        certame=certame,
        acao="vagas_novas",
        descricao=(
            f"{quantidade} nova(s) vaga(s) ofertada(s) para {cargo.codigo} em "
            f"{data:%d/%m/%Y}: {justificativa}"
        ),
        fundamento=_fundamento_da_reserva(motor, cargo.codigo),
        dados={
            "oferta": oferta.pk,
            "fatos": {
                "oferta": oferta.pk,
                "cargo": cargo.codigo,
                "quantidade": quantidade,
                "data": data.isoformat(),
            },
        },
    )
    return oferta


@transaction.atomic
def nomeacao_confirmar(
    *, usuario: User, cargo: Cargo, inscricao: str, portaria: str, data_portaria: date
) -> Nomeacao:
    """Confirma, como ato (portaria), a próxima nomeação que o motor propõe para o cargo."""
    certame = certame_travar(cargo.certame_id)
    _exigir_homologado(certame)
    _exigir_periodo(certame, data_portaria, "Nomeação")
    portaria = numero_da_portaria(portaria)
    if not portaria:
        raise ValidationError("Informe o número da portaria (ex.: 101/2025).")
    try:
        propostas = [p for p in propostas_do_motor(certame=certame) if p.cargo.pk == cargo.pk]
    except ponte.ErroCotas as erro:
        raise ValidationError(str(erro)) from erro
    if not propostas:
        raise ValidationError(f"Não há nomeação proposta para {cargo.codigo}.")
    proxima = propostas[0]
    if proxima.inscricao != inscricao:
        raise ValidationError(
            f"A próxima nomeação de {cargo.codigo} é a da inscrição {proxima.inscricao} "
            f"({proxima.ordem}ª); confirme as nomeações na ordem."
        )
    return _gravar_nomeacao(usuario, certame, cargo, proxima, portaria, data_portaria)


def _gravar_nomeacao(
    usuario: User, certame: Certame, cargo: Cargo, proxima: Any, portaria: str, data_portaria: date
) -> Nomeacao:
    """O ato de nomeação da proposta do motor, gravado e registrado (quem chama tem a trava e
    conferiu que a proposta é a próxima do cargo)."""
    inscricao = proxima.inscricao
    assert proxima.candidato is not None
    anterior = (
        Nomeacao.objects.filter(cargo=cargo, candidato__inscricao=proxima.substitui)
        .order_by("-ordem").first()
        if proxima.substitui else None
    )
    ato = Nomeacao.objects.create(
        cargo=cargo,
        candidato=proxima.candidato,
        ordem=proxima.ordem,
        vaga=proxima.vaga,
        modalidade=proxima.modalidade,
        reservada_para=proxima.reservada_para,
        substitui=anterior,
        portaria=portaria.strip(),
        data_portaria=data_portaria,
        razao=proxima.razao,
        fundamento=proxima.fundamento,
    )
    registrar(
        usuario=usuario,
        certame=certame,
        acao="nomeacao",
        descricao=(
            f"Portaria nº {ato.portaria}, de {data_portaria:%d/%m/%Y}: nomeado(a) "
            f"{proxima.candidato.nome} (inscrição {inscricao}) para {cargo.codigo}, "
            f"{proxima.ordem}ª nomeação, vaga {proxima.vaga}, "
            f"{rotulo_lista(proxima.modalidade)}"
            + (f", em substituição a {proxima.substitui}" if proxima.substitui else "")
            + f". {proxima.razao}"
        ),
        fundamento=proxima.fundamento,
        dados={
            "nomeacao": ato.pk,
            "vaga": ato.vaga,
            "modalidade": ato.modalidade,
            "fatos": reencenacao.fatos_nomeacao(ato),
        },
    )
    return ato


@transaction.atomic
def nomeacao_registrar_posse(*, usuario: User, nomeacao: Nomeacao, data: date) -> Nomeacao:
    """Posse. Em vaga reservada ao grupo que a comissão verifica, só após o parecer dela, se a
    lei o exige (parâmetro `heteroidentificacao.posse_apos_parecer`)."""
    nomeacao, certame = _travar_nomeacao(nomeacao)
    if nomeacao.situacao != SituacaoNomeacao.NOMEADO:
        raise ValidationError("Só se registra posse de quem está nomeado.")
    if data < nomeacao.data_portaria:
        raise ValidationError("A posse não pode ser anterior à nomeação.")
    fundamento = ""
    regras = ponte.regras_do_certame(certame) if certame.exige_comissao else None
    grupo = ponte.grupo_da_comissao(regras) if regras is not None else None
    reservada = grupo is not None and grupo.nome in (nomeacao.modalidade, nomeacao.reservada_para)
    comissao = regras.comissao if regras is not None else None
    if reservada and grupo is not None and comissao is not None and comissao.posse_apos_parecer:
        ref = comissao.referencias.get("posse_apos_parecer")
        fundamento = ref.citacao() if ref else ""
        parecer = nomeacao.candidato.verificacao(grupo.nome)
        recurso_aberto = nomeacao.candidato.recursos.filter(decisao="").exists()
        if nomeacao.modalidade == grupo.nome and (
            parecer in ("", Heteroidentificacao.PENDENTE) or recurso_aberto
        ):
            raise ValidationError(
                f"Posse recusada: o cargo reservado a {rotulo_lista(grupo.nome)} só é "
                f"provido após a verificação e o parecer da comissão ({fundamento})."
            )
    nomeacao.situacao = SituacaoNomeacao.EMPOSSADO
    nomeacao.posse_em = data
    nomeacao.save(update_fields=["situacao", "posse_em"])
    registrar(
        usuario=usuario,
        certame=certame,
        acao="posse",
        descricao=(
            f"Posse de {nomeacao.candidato.nome} (inscrição {nomeacao.candidato.inscricao}) "
            f"em {data:%d/%m/%Y}, vaga {nomeacao.vaga} de {nomeacao.cargo.codigo}."
        ),
        fundamento=fundamento,
        dados={"nomeacao": nomeacao.pk, "fatos": reencenacao.fatos_nomeacao(nomeacao)},
    )
    return nomeacao


@transaction.atomic
def nomeacao_registrar_desistencia(
    *, usuario: User, nomeacao: Nomeacao, data: date, motivo: str, observacao: str = ""
) -> Nomeacao:
    """Desistência ou prazo de posse esgotado: a vaga volta à lista a que pertence; o fundamento
    é o que o motor deu (o da vaga que o candidato ocupava)."""
    nomeacao, certame = _travar_nomeacao(nomeacao)
    if nomeacao.situacao != SituacaoNomeacao.NOMEADO:
        raise ValidationError("Só se registra desistência ou fim de prazo de quem está nomeado.")
    if motivo not in ("desistencia", "sem_posse"):
        raise ValidationError("Motivo desconhecido.")
    if data < nomeacao.data_portaria:
        raise ValidationError(
            f"A data ({data:%d/%m/%Y}) não pode ser anterior à nomeação, de "
            f"{nomeacao.data_portaria:%d/%m/%Y}."
        )
    _exigir_validade(certame, data, "Registro de saída")
    _exigir_ordem_das_datas(certame, data, "Registro de saída")
    nomeacao.situacao = (
        SituacaoNomeacao.DESISTENTE if motivo == "desistencia" else SituacaoNomeacao.SEM_POSSE
    )
    nomeacao.encerrada_em = data
    nomeacao.save(update_fields=["situacao", "encerrada_em"])
    Desistencia.objects.create(
        candidato=nomeacao.candidato, data=data, motivo=motivo, observacao=observacao
    )
    motor = ponte.conferir_no_motor(certame)
    texto = "desistiu" if motivo == "desistencia" else "não tomou posse no prazo"
    registrar(
        usuario=usuario,
        certame=certame,
        acao="desistencia" if motivo == "desistencia" else "sem_posse",
        descricao=(
            f"{nomeacao.candidato.nome} (inscrição {nomeacao.candidato.inscricao}) {texto} "
            f"em {data:%d/%m/%Y}; a vaga {nomeacao.vaga} de {nomeacao.cargo.codigo} "
            "será preenchida pela lista a que pertence."
        ),
        fundamento=_fundamento_da_saida(motor, "desistencia", nomeacao.candidato.inscricao),
        dados={
            "nomeacao": nomeacao.pk,
            "motivo": motivo,
            "fatos": reencenacao.fatos_nomeacao(nomeacao),
        },
    )
    return nomeacao


@transaction.atomic
def nomeacao_final_de_fila(
    *, usuario: User, nomeacao: Nomeacao, data: date, observacao: str = ""
) -> Nomeacao:
    """O nomeado que ainda não tomou posse pede para ir ao final da lista de classificação.

    Só se o edital o admite (o edital decide; parâmetro `permite_final_de_fila`,
    docs/INTERPRETACAO.md#final-de-fila). Ele continua classificado, atrás de todos; a vaga que
    ocupava é recomposta pela mesma lista a que pertence (parâmetro `<grupo>.desistencia`).
    """
    nomeacao, certame = _travar_nomeacao(nomeacao)
    if not certame.admite_final_de_fila:
        raise ValidationError(
            "Final de fila recusado: o edital deste certame não admite que o nomeado peça para "
            "ir ao final da lista. Registre a desistência ou a posse."
        )
    if nomeacao.situacao != SituacaoNomeacao.NOMEADO:
        raise ValidationError(
            "Só quem está nomeado e ainda não tomou posse pode pedir o final de fila."
        )
    if data < nomeacao.data_portaria:
        raise ValidationError(
            f"O pedido ({data:%d/%m/%Y}) não pode ser anterior à nomeação, de "
            f"{nomeacao.data_portaria:%d/%m/%Y}."
        )
    _exigir_validade(certame, data, "Reclassificação para o final da lista")
    _exigir_ordem_das_datas(certame, data, "Reclassificação para o final da lista")
    nomeacao.situacao = SituacaoNomeacao.FINAL_DE_FILA
    nomeacao.encerrada_em = data
    nomeacao.save(update_fields=["situacao", "encerrada_em"])
    motor = ponte.conferir_no_motor(certame)
    razao = ponte.razao_da_saida(motor, "final_de_fila", nomeacao.candidato.inscricao)
    # O item do edital vai ao motor como o texto da referência "Edital" (ponte.reencenar).
    fundamento = "; ".join(
        r.texto if r.norma == "Edital" else r.citacao()
        for r in (razao.fundamentos if razao is not None else ())
    )
    registrar(
        usuario=usuario,
        certame=certame,
        acao="final_de_fila",
        descricao=(
            f"{nomeacao.candidato.nome} (inscrição {nomeacao.candidato.inscricao}) pediu em "
            f"{data:%d/%m/%Y} para ir ao final da lista de {nomeacao.cargo.codigo}: a nomeação "
            f"da portaria {nomeacao.portaria} fica sem efeito, a vaga {nomeacao.vaga} será "
            "preenchida pela lista a que pertence e o(a) candidato(a) permanece classificado(a), "
            "atrás de todos." + (f" Observação: {observacao}" if observacao else "")
        ),
        fundamento=fundamento,
        dados={"nomeacao": nomeacao.pk, "fatos": reencenacao.fatos_nomeacao(nomeacao)},
    )
    return nomeacao


@transaction.atomic
def candidato_registrar_desistencia(
    *, usuario: User, candidato: Any, data: date, observacao: str = ""
) -> Desistencia:
    """Desistência de quem ainda não foi nomeado: sai de todas as listas; se o motor já lhe
    destinava uma vaga, ela é recomposta pela lista a que pertence."""
    from cotas_web.candidatos.models import Candidato

    certame = certame_travar(candidato.certame_id)
    candidato = Candidato.objects.select_related("certame").get(pk=candidato.pk)
    if candidato.anulado_em or candidato.desistencias.exists():
        raise ValidationError("O candidato já saiu das listas.")
    if candidato.nomeacoes.filter(situacao=SituacaoNomeacao.NOMEADO).exists():
        raise ValidationError("Candidato nomeado: registre a desistência na nomeação.")
    if data < certame.data_edital:
        raise ValidationError(
            f"Desistência em {data:%d/%m/%Y} recusada: é anterior ao edital, de "
            f"{certame.data_edital:%d/%m/%Y}."
        )
    _exigir_validade(certame, data, "Desistência")
    _exigir_ordem_das_datas(certame, data, "Desistência")
    desistencia = Desistencia.objects.create(
        candidato=candidato, data=data, motivo="desistencia", observacao=observacao
    )
    motor = ponte.conferir_no_motor(certame)
    registrar(
        usuario=usuario,
        certame=certame,
        acao="desistencia",
        descricao=(
            f"{candidato.nome} (inscrição {candidato.inscricao}) desistiu em {data:%d/%m/%Y} "
            "e sai de todas as listas."
        ),
        fundamento=_fundamento_da_saida(motor, "desistencia", candidato.inscricao),
        dados={"candidato": candidato.pk},
    )
    return desistencia


# Quantas nomeações uma portaria confirma de uma vez (a página de confirmação lista todas).
LOTE_MAXIMO_DE_NOMEACOES = 500


@transaction.atomic
def nomeacoes_confirmar_em_lote(
    *,
    usuario: User,
    cargo: Cargo,
    quantidade: int,
    portaria: str,
    data_portaria: date,
    token: str = "",
) -> list[Nomeacao]:
    """Confirma, numa portaria só, as próximas `quantidade` nomeações que o motor propõe para o
    cargo, na ordem da lei: o mesmo que confirmá-las uma a uma (cada uma é um ato publicado, com
    o seu registro), sob uma trava só. O mesmo formulário enviado de novo (`token`) devolve as
    nomeações já feitas: um duplo clique nunca nomeia as N seguintes."""
    certame = certame_travar(cargo.certame_id)
    if (anterior := pedido_anterior(token, "nomeacoes_confirmar_em_lote", Nomeacao)) is not None:
        return list(
            Nomeacao.objects.filter(
                cargo=anterior.cargo,
                portaria=anterior.portaria,
                data_portaria=anterior.data_portaria,
                ordem__gte=anterior.ordem,
            ).order_by("ordem")[:quantidade]
        )
    _exigir_homologado(certame)
    _exigir_periodo(certame, data_portaria, "Nomeação")
    portaria = numero_da_portaria(portaria)
    if not portaria:
        raise ValidationError("Informe o número da portaria (ex.: 101/2025).")
    if not 1 <= quantidade <= LOTE_MAXIMO_DE_NOMEACOES:
        raise ValidationError(
            f"Informe de 1 a {LOTE_MAXIMO_DE_NOMEACOES} nomeações por portaria."
        )
    try:
        propostas = [p for p in propostas_do_motor(certame=certame) if p.cargo.pk == cargo.pk]
    except ponte.ErroCotas as erro:
        raise ValidationError(str(erro)) from erro
    if len(propostas) < quantidade:
        raise ValidationError(
            f"{cargo.codigo} tem {len(propostas)} nomeação(ões) proposta(s); pedidas: "
            f"{quantidade}."
        )
    # As propostas seguintes não mudam quando as anteriores viram atos: cada ato publicado
    # ocupa a vaga que o motor lhe deu (docs/INTERPRETACAO.md#atos-publicados).
    atos = [
        _gravar_nomeacao(usuario, certame, cargo, proposta, portaria, data_portaria)
        for proposta in propostas[:quantidade]
    ]
    pedido_concluir(token, atos[0])
    ponte.conferir_no_motor(certame)
    return atos


def conferir_nomeacao_antes(*, certame: Certame, data_portaria: date) -> None:
    """O que a nomeação recusaria pela data, dito já na página de confirmação (o ato confere de
    novo, sob a trava)."""
    _exigir_homologado(certame)
    _exigir_periodo(certame, data_portaria, "Nomeação")


def avisos_da_portaria(*, certame: Certame, portaria: str) -> list[str]:
    """Aviso (não recusa) quando o número da portaria já nomeou outra pessoa no certame: uma
    portaria pode nomear várias, mas um número repetido por engano é comum."""
    numero = numero_da_portaria(portaria)
    ja = list(
        Nomeacao.objects.filter(cargo__certame=certame, portaria=numero)
        .select_related("candidato")
        .order_by("ordem")[:5]
    )
    if not numero or not ja:
        return []
    quem = ", ".join(f"{n.candidato.inscricao} ({n.candidato.nome})" for n in ja)
    return [
        f"Atenção: a Portaria nº {numero} já nomeou {quem}. Confira o número antes de confirmar."
    ]


def lote_ja_enviado(token: str) -> str:
    """ "Portaria nº X, de DD/MM/AAAA: N nomeação(ões)." se este formulário de lote já foi
    enviado e feito ("" se não)."""
    from cotas_web.certames.models import Pedido

    pedido = Pedido.objects.filter(
        token=token, acao="nomeacoes_confirmar_em_lote", objeto_id__isnull=False
    ).first() if token else None
    if pedido is None or pedido.objeto_id is None:
        return ""
    primeira = Nomeacao.objects.filter(pk=pedido.objeto_id).first()
    if primeira is None:
        return ""
    feitas = Nomeacao.objects.filter(
        cargo=primeira.cargo, portaria=primeira.portaria, data_portaria=primeira.data_portaria
    ).count()
    return (
        f"a Portaria nº {primeira.portaria}, de {primeira.data_portaria:%d/%m/%Y}, já nomeou "
        f"{feitas} candidato(s) de {primeira.cargo.codigo}."
    )
